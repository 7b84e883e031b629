---- MODULE Spec ----
EXTENDS Naturals
VARIABLES x, hidden

Init == x = 0 /\ hidden = 0

\* The first action's successors have the view of the second's, and the
\* constraint excludes them: the search keeps the second action's.
Next == \/ x' = x + 1 /\ hidden' = 5
        \/ x' = x + 1 /\ hidden' = 1

Shown == x
Small == hidden < 3
Bounded == x < 4
====
