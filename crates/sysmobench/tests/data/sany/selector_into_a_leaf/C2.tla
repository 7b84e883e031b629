---- MODULE C2 ----
EXTENDS Naturals
Op == 1 + 2
U == Op!1!1
====
