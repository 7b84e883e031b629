---- MODULE Spec ----
EXTENDS Naturals
VARIABLES x, hidden

\* Two initial states with one view: the constraint excludes the first.
Init == \/ x = 0 /\ hidden = 7
        \/ x = 0 /\ hidden = 0

Next == /\ x < 3
        /\ \/ x' = x + 1 /\ hidden' = 5
           \/ x' = x + 1 /\ hidden' = 1

Shown == x
Small == hidden < 3
====
