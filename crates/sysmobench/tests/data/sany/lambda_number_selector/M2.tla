---- MODULE M2 ----
EXTENDS Naturals
G(A(_)) == A(1)
Op == G(LAMBDA x : x + 1)
U == Op!1!1
====
