---- MODULE PrintStuck ----
\* The same with a deadlock: two steps again before the header, the last one before the
\* deadlocked state, then all three after the trace.
EXTENDS Naturals, TLC
VARIABLES x
Init == x = 0
Next == x < 3 /\ PrintT(<<"step", x>>) /\ x' = x + 1
Grow == [][x' < 3]_x
====
