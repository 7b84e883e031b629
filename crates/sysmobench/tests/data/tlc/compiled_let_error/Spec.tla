---- MODULE Spec ----
EXTENDS Naturals

VARIABLES x

RECURSIVE Down(_)
Down(k) == LET below == k - 1 IN IF k = 0 THEN <<>>[1] ELSE Down(below)

Init == x = 0
Next == x < 3 /\ x' = x + 1

Inv == LET f == x - 2
           g == 10 \div f
           h == [i \in 0..x |-> i]
       IN x < 2 \/ h[x] + g = 0

Safe == x < 3 \/ Down(x) = 0
====
