---- MODULE Level ----
\* The invariant reads x, which takes two values, and TLC's level register:
\* it must be evaluated on every new state, not only on new values of x.
EXTENDS Naturals, TLC
VARIABLES x, n

Init == x = 0 /\ n = 0
Next == n < 8 /\ n' = n + 1 /\ x' = 1 - x

Shallow == x \in {0, 1} /\ TLCGet("level") < 5
====
