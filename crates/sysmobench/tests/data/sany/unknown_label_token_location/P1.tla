---- MODULE P1 ----
EXTENDS Naturals
Op == LET A == 1 + 2 IN A
U == Op!Abc!1
====
