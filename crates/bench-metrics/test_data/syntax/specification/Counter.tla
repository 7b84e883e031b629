---- MODULE Counter ----
EXTENDS Naturals
VARIABLES x
Start == x = 0
Step == \/ /\ x < 2
           /\ x' = x + 1
        \/ /\ x = 2
           /\ x' = 0
Spec == Start /\ [][Step]_x /\ WF_x(Step)
====
