---- MODULE Other ----
EXTENDS Sequences, Randomization
ZtMdaJd == 3
nw(p1, p2) == p1
LOCAL EGyl == 7
XlGPhq2 == 4
LOCAL ZNQ2EP == 9
LOCAL MyHMd == 7
et4tnu(p1, p2) == p1
IvEWwTO == 6
RECURSIVE MmpX(_)
MmpX(n) == IF n = {} THEN 0 ELSE MmpX({})
Zjq4O3vNHJfj == 3
RECURSIVE EmCpDr0V1(_)
EmCpDr0V1(n) == IF n = {} THEN 0 ELSE EmCpDr0V1({})
Cuu(p1, p2) == p1
NIv == 5
TI[k \in {1, 2}] == k
ASSUME UnxG9RdwY == TRUE
====
