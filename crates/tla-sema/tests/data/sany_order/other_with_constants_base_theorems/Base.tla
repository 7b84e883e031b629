---- MODULE Base ----
EXTENDS Reals
CONSTANT Ss
LOCAL vZQc == 8
zSTHTZ == 1
mtxgG1ZaP == 8
NDPD == 3
RECURSIVE atOiK2_Zsy7V(_)
atOiK2_Zsy7V(n) == IF n = {} THEN 0 ELSE atOiK2_Zsy7V({})
ZZ == 5
PJm(p1, p2) == p1
LOCAL G9dg[k \in {1, 2}] == k
LOCAL IVS == 5
hWdOqkK == 8
H3S == 7
O8q == 4
lx_ == 5
THEOREM oy8 == TRUE
S31I == INSTANCE Naturals
====
