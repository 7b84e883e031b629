---- MODULE Spec ----
EXTENDS Naturals
VARIABLES x
Init == \E a \in 1..5 : x = a % 3
Next == x < 4 /\ x' = x + 1
Small == x < 2
====
