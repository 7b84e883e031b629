---- MODULE F5 ----
EXTENDS Naturals
f[x \in {1}] == x + 1
U == f!(1,2)
====
