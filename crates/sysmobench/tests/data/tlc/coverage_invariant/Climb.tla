---- MODULE Climb ----
EXTENDS Naturals
VARIABLES a, b

Init == a \in 0..2 /\ b \in 0..1 /\ a >= b

StepA == a < 4 /\ a' = a + 1 /\ b' = b

StepB == \E d \in {1, 2} : b' = b + d /\ b' < 4 /\ a' = a

Stay == a = 9 /\ UNCHANGED <<a, b>>

Next == StepA \/ StepB \/ Stay

Safe == a + b < 6
====
