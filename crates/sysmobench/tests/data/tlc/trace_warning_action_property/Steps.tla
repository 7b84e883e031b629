---- MODULE Steps ----
\* An action property violated on a new state, with a warning raised by an earlier step of
\* the trace: the warning comes again between the states, and the violating state is not
\* queued (0 states left on queue).
EXTENDS Naturals
VARIABLES x, f
Init == x = 0 /\ f = [i \in 1..2 |-> 0]
Bump == x < 6 /\ x' = x + 1 /\ f' = IF x = 3 THEN [f EXCEPT ![7] = 1] ELSE f
Grow == [][x' > x /\ x' < 5]_x
====
