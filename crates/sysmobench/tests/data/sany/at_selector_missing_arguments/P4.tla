---- MODULE P4 ----
EXTENDS Naturals
Op == \E x \in {1} : x = 1
U == Op!@
====
