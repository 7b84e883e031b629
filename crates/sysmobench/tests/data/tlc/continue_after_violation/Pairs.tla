---- MODULE Pairs ----
\* With -continue, TLC reports every state that violates the invariant and goes on.
EXTENDS Naturals
VARIABLES a, b

Init == a = 0 /\ b = 0

IncA == a < 2 /\ a' = a + 1 /\ UNCHANGED b
IncB == b < 2 /\ b' = b + 1 /\ UNCHANGED a

Next == IncA \/ IncB

Small == a + b < 3
====
