---- MODULE R1 ----
EXTENDS Naturals
RECURSIVE F(_)
F(n) == IF n = 0 THEN 0 ELSE F(n-1)
U == F!1
====
