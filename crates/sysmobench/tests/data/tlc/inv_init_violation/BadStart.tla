---- MODULE BadStart ----
EXTENDS Integers
VARIABLES p, q

Init == p = -1 /\ q = "start"
Next == p' = p + 1 /\ q' = q

NonNeg == p >= 0
====
