---- MODULE Spec ----
EXTENDS Naturals, Sequences
VARIABLES q, n
Init == q = <<1, 2>> /\ n = 0
Next == /\ n' = n + Head(q)
        /\ q' = Tail(q)
====
