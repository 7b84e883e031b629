---- MODULE X4 ----
EXTENDS Naturals
---- MODULE I ----
X == 1
Y(a) == a
====
J == INSTANCE I
Op == J!Y(2) + 1
U == Op!1!2
====
