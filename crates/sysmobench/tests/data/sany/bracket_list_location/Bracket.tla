---- MODULE Bracket ----
EXTENDS Naturals
CONSTANT N
Cells == [1 .. N, 1 .. N]
====
