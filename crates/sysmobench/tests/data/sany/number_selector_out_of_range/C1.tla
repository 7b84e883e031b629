---- MODULE C1 ----
EXTENDS Naturals
Op == 1 + 2
U == Op!3
====
