---- MODULE Grid ----
EXTENDS Naturals
CONSTANT Bound
VARIABLES x, y, z

Init == x = 0 /\ y = 0 /\ z = 0

IncX == x < Bound /\ x' = x + 1 /\ UNCHANGED <<y, z>>

IncY == y < Bound /\ y' = y + 1 /\ UNCHANGED <<x, z>>

IncZ == z < Bound /\ z' = z + 1 /\ UNCHANGED <<x, y>>

Next == IncX \/ IncY \/ IncZ

Positive == x + y + z >= 0
====
