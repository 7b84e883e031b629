---- MODULE B13 ----
EXTENDS Naturals
Op == 1 + (LET A == 2 IN A)
U == Op!2!B!1
====
