---- MODULE B8 ----
EXTENDS Naturals
Op == 1 + (LET A == 2 IN LET B == 3 IN B)
U == Op!2!B
====
