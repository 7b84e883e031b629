---- MODULE B6 ----
EXTENDS Naturals
Op == 1 + (LET A == 2 B == A IN B)
U == Op!2!B!1
====
