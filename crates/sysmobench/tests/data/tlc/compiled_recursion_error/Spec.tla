---- MODULE Spec ----
EXTENDS Naturals

VARIABLES x

RECURSIVE Down(_)
Down(k) == LET below == k - 1 IN IF k = 0 THEN <<>>[1] ELSE Down(below)

Init == x = 0
Next == x < 3 /\ x' = x + 1

Inv == LET f == [i \in 0..x |-> i]
           g == f[x + 1]
       IN x < 2 \/ g = 0

Safe == x < 2 \/ Down(x) = 0
====
