---- MODULE B11 ----
EXTENDS Naturals
Op == 1 + (LET A == 2 IN A)
U == Op!2!A!1
====
