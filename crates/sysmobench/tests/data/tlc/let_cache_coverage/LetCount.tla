---- MODULE LetCount ----
\* Per-expression coverage of LET definitions: counted at the LET once per computation.
EXTENDS Naturals, TLC
VARIABLES x, y

Init == /\ x = 0
        /\ y = LET d == x + 1 IN d * d

Next == /\ x < 2
        /\ x' = x + 1
        /\ y' = LET e == x' + y IN e + e + e
        /\ LET q == x + 1 IN q' > 0 /\ q > 0 /\ q' > 0
        /\ (LET p == y + 1 IN p + p)' > 0

Inv == LET s == x + y
           d == s * 2
       IN  /\ s >= 0
           /\ d >= s
           /\ \A i \in 1..3 : s + i > d - s
====
