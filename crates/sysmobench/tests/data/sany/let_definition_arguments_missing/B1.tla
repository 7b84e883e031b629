---- MODULE B1 ----
EXTENDS Naturals
Op == 1 + (LET A(y) == y + 1 IN A(2))
U == Op!2!A!1
====
