---- MODULE Base ----
EXTENDS Naturals
CONSTANT N
VARIABLE x
Inc(a) == a + 1
ASSUME BaseFact == N > 0
====
