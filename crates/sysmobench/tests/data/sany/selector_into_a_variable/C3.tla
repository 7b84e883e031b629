---- MODULE C3 ----
EXTENDS Naturals
VARIABLE x
Op == x + 2
U == Op!1!1
====
