---- MODULE L8 ----
EXTENDS Naturals
Op == 1 + (LET A == 1 IN A)
U == Op!2!B
====
