---- MODULE L5 ----
EXTENDS Naturals
Op == LET A == 1 IN A
U == Op!B
====
