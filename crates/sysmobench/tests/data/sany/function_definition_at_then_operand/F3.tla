---- MODULE F3 ----
EXTENDS Naturals
f[x \in {1}] == x + 1
U == f!@!3
====
