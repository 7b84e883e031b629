---- MODULE P5 ----
EXTENDS Naturals
Op == 1 + 2
U == Op!12
====
