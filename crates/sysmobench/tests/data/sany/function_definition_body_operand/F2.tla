---- MODULE F2 ----
EXTENDS Naturals
f[x \in {1}] == x + 1
U == f!(2)!3
====
