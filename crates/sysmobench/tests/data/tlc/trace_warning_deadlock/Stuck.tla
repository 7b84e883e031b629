---- MODULE Stuck ----
\* A deadlock trace whose last step raises a warning (EXCEPT outside the domain): TLC prints
\* it again just before the deadlocked state, as it finds that state again.
EXTENDS Naturals
VARIABLES x, f
Init == x = 0 /\ f = [i \in 1..2 |-> 0]
Bump == x < 3 /\ x' = x + 1 /\ f' = IF x = 2 THEN [f EXCEPT ![7] = 1] ELSE f
====
