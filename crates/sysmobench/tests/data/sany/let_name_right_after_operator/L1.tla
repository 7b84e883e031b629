---- MODULE L1 ----
EXTENDS Naturals
Op == LET A == 1 + 2 IN A
U == Op!A!1
====
