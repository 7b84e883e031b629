---- MODULE Spec ----
EXTENDS Naturals
VARIABLES x, f
Init == /\ x = 0
        /\ f = [i \in 1..2 |-> i]
Next == /\ x < 3
        /\ x' = [i \in 0..2 |-> 6 \div i][1] - 5 + x
        /\ f' = [f EXCEPT ![(x % 2) + 1] = @ + 1, ![5] = 1 \div 0]
====
