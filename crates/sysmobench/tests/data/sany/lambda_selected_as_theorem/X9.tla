---- MODULE X9 ----
EXTENDS Naturals
G(A(_)) == A(1)
Op == G(LAMBDA x : x + 1)
THEOREM Op!1
====
