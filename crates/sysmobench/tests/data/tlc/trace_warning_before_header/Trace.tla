---- MODULE Trace ----
\* A warning met once in the search (EXCEPT outside the domain, at x = 1) is printed again,
\* without the hint, when TLC finds the trace's states again to print them: here before the
\* header, since the step that raises it lies before the last two.
EXTENDS Naturals
VARIABLES x, f
Init == x = 0 /\ f = [i \in 1..2 |-> 0]
Bump == x < 6 /\ x' = x + 1 /\ f' = IF x = 1 THEN [f EXCEPT ![7] = 1] ELSE f
Small == x < 5
====
