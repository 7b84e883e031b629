---- MODULE Counters ----
EXTENDS Naturals
VARIABLES a, b, flag

Init == a = 0 /\ b = 0 /\ flag = FALSE

IncA == a < 3 /\ a' = a + 1 /\ UNCHANGED <<b, flag>>
IncB == b < 2 /\ b' = b + 1 /\ UNCHANGED <<a, flag>>
Toggle == flag' = ~flag /\ UNCHANGED <<a, b>>

Next == IncA \/ IncB \/ Toggle

TypeOK == a \in 0..3 /\ b \in 0..2 /\ flag \in BOOLEAN
Bounded == a + b <= 5
====
