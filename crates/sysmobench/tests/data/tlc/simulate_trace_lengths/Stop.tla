---- MODULE Stop ----
\* Every behaviour stops after three steps; with -deadlock a simulated trace just ends there.
EXTENDS Naturals
VARIABLE count
Init == count = 0
Next == count < 3 /\ count' = count + 1
====
