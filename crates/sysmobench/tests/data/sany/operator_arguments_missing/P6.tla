---- MODULE P6 ----
EXTENDS Naturals
Op(a) == a + 2
U == Op!1
====
