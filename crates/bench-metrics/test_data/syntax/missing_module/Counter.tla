---- MODULE Counter ----
EXTENDS Naturals, NoSuchHelpers
VARIABLES x, y
Init == x = 0 /\ y = 0
IncX == x' = Bump(x) /\ UNCHANGED y
IncY == y < 3 /\ y' = y + 1 /\ UNCHANGED x
Next == IncX \/ IncY
====
