---- MODULE Start ----
EXTENDS Naturals
VARIABLES x, y

Quiet == y = 0
Init == /\ x \in {1, 2}
        /\ Quiet
Next == x' = x + 1 /\ UNCHANGED y

Safe == x < 2 \/ 10 \div (x - 2) > 0
====
