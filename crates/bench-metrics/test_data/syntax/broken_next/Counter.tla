---- MODULE Counter ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
IncX == x < 3 /\ x' = x + 1 /\ UNCHANGED y
IncY == y < 3 /\ y' = y + 1 /\ UNCHANGED x
Next == IncX \/ IncY \/
Spec == Init /\ [][Next]_<<x, y>>
====
