---- MODULE B16 ----
EXTENDS Naturals
Op(p) == 1 + (LET A(y) == y + p IN A(2))
U == Op(1)!2!A!1
====
