---- MODULE Counter ----
EXTENDS Naturals
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\ y = 0
Helper(n) == n + Undefined
IncX == x < 3 /\ x' = Helper(x) /\ UNCHANGED y
IncY == y < 3 /\ y' = y + 1 /\ UNCHANGED x
Reset == \E v \in {0} : x' = v /\ y' = v
Next == IncX \/ IncY \/ Reset
====
