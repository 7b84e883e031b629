---- MODULE X7 ----
EXTENDS Naturals
---- MODULE I ----
Y(a) == a
====
J(p) == INSTANCE I
Op == J(3)!Y(2) + 1
U == Op!1!2
====
