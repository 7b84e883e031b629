---- MODULE Premise ----
EXTENDS Naturals
CONSTANT N
VARIABLE x

ASSUME N > 10

Init == x = 0
Next == x' = (x + 1) % N
====
