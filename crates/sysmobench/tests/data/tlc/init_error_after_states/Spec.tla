---- MODULE Spec ----
EXTENDS Naturals
VARIABLES x, y
Init == x \in 1..2 /\ y = 6 \div (x - 2)
Next == UNCHANGED <<x, y>>
====
