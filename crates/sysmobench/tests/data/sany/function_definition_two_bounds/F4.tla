---- MODULE F4 ----
EXTENDS Naturals
f[x \in {1}, y \in {2}] == x + 1
U == f!3
====
