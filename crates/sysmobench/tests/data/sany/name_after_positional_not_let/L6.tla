---- MODULE L6 ----
EXTENDS Naturals
Op == LET A == 1 IN A
U == Op!1!A
====
