---- MODULE X2 ----
EXTENDS Naturals
---- MODULE I ----
X == 1
Y(a) == a
====
J == INSTANCE I
Op == J!X + 1
U == Op!1!1
====
