---- MODULE A5 ----
EXTENDS Naturals
G(A(_)) == A(1)
H(x) == x
Op == G(H)
U == Op!1!1
====
