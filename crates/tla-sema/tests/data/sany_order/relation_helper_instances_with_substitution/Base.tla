---- MODULE Base ----
EXTENDS Bags
CONSTANT ggqq5x
vd == 9
LOCAL rlQP6ru[k \in {1, 2}] == k
rnn == 8
Tbq == 6
CmHGuZs(p1, p2) == p1
RECURSIVE G_(_)
G_(n) == IF n = {} THEN 0 ELSE G_({})
DV9tJhy == 7
l1WTRdM == 4
NIOoV == 8
Fh6 == 1
CGmACsy == 2
C_P2 == 3
Qb(p1, p2) == p1
THEOREM Q2zqKD == TRUE
====
