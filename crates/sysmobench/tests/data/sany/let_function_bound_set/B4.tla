---- MODULE B4 ----
EXTENDS Naturals
Op == 1 + (LET f[y \in {1}] == y + 1 IN f[1])
U == Op!2!f!1
====
