---- MODULE P3 ----
EXTENDS Naturals
Op == \E x \in {1} : x = 1
U == Op!(1, 2)
====
