---- MODULE Spec ----
EXTENDS Naturals, Sequences
VARIABLES q, r
Init == q = <<1, 2>> /\ r = <<>>
Next == /\ r' = Append(r, Head(q)) \o <<Len(q)>> \o <<>>
        /\ q' = Tail(q) \o r
Inv == Len(r) < 10
====
