---- MODULE Stuck ----
EXTENDS Naturals
VARIABLES x, y

Init == x = 0 /\ y = 0
Up == x < 2 /\ x' = x + 1 /\ y' = y
Over == x = 2 /\ y < 1 /\ y' = y + 1 /\ x' = x
Next == Up \/ Over
====
