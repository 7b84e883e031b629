---- MODULE Spec ----
EXTENDS Naturals
VARIABLES x, hidden

Init == \/ x = 0 /\ hidden = 7
        \/ x = 0 /\ hidden = 0

Next == \/ x' = x + 1 /\ hidden' = 5
        \/ x' = x + 1 /\ hidden' = 1

Shown == x
Small == hidden < 3
Bounded == x < 1
====
