---- MODULE Counter ----
\* One initial state and one enabled action per state until x = 3, where nothing is enabled:
\* every simulated trace is 0 -> 1 -> 2 -> 3, whatever the random choices.
EXTENDS Naturals
VARIABLES x

Init == x = 0

Up == x < 3 /\ x' = x + 1

Never == x > 7 /\ x' = 0

Next == Up \/ Never
====
