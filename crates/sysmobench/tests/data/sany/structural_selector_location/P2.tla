---- MODULE P2 ----
EXTENDS Naturals
Op == 7
U == Op!<<
====
