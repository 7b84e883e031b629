---- MODULE B17 ----
EXTENDS Naturals
Op == 1 + (LET A == l:: (2 + 3) IN A)
U == Op!2!A!l
====
