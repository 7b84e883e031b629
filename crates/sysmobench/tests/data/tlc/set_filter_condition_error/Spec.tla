---- MODULE Spec ----
EXTENDS Naturals, FiniteSets
VARIABLES x
Init == x = 0
Next == x < 3 /\ {y \in 0..3 : 6 \div (y - 2) > 0} /= {} /\ x' = x + 1
Inv == Cardinality({y \in 0..3 : 6 \div (y - x) > 0}) >= 0
Guarded == x < 3 /\ {y \in 0..3 : 6 \div (y - 2) > 0} /= {}
====
