---- MODULE Main ----
mQf66 == 8
VARIABLE Uy956r22
Nw == 9
LOCAL u1S == INSTANCE FiniteSets
LOCAL tN9Gr(p1, p2) == p1
XN4Bx[k \in {1, 2}] == k
LOCAL Lz == INSTANCE Other WITH Ss <- 2
a \prec b == a
VARIABLES q6t0, zxgB9b
LOCAL uDQvU == 9
pm_ == INSTANCE Bags
VARIABLES LwCX
e_OORTp(p1, p2) == p1
RECURSIVE irjo2(_)
irjo2(n) == IF n = {} THEN 0 ELSE irjo2({})
LOCAL cPk_ == 2
---- MODULE Inner ----
zzh == 8
kfUgzM8gQ == 7
====
Lx == 4
RECURSIVE amfv(_)
amfv(n) == IF n = {} THEN 0 ELSE amfv({})
VARIABLES A6o3tr, seXcy300vZ
RECURSIVE Rr(_)
Rr(n) == IF n = {} THEN 0 ELSE Rr({})
Xyq_2 == 1
VARIABLES c7o_eAZb, Gm_, PrnXwZv9, N, jrtB, k3B, FeYhXu75, QfAwbZ, Ase08h7mmiae5p, Sfx, ymp, W, dd7pl
LOCAL D8b(p1, p2) == p1
lX0 == 2
wcawc == 4
LOCAL INSTANCE FiniteSets
SKo0RDfhfiiV == 2
FOt == 7
LOCAL N2c == 9
G00F9HY1XMMc == 9
cEU_8BYpW8P2 == 5
Init == c7o_eAZb = 0 /\ Gm_ = 0 /\ PrnXwZv9 = 0 /\ N = 0 /\ jrtB = 0 /\ k3B = 0 /\ FeYhXu75 = 0 /\ QfAwbZ = 0 /\ Ase08h7mmiae5p = 0 /\ Sfx = 0 /\ ymp = 0 /\ W = 0 /\ dd7pl = 0 /\ LwCX = 0 /\ q6t0 = 0 /\ zxgB9b = 0 /\ Uy956r22 = 0 /\ A6o3tr = 0 /\ seXcy300vZ = 0
Next == UNCHANGED <<c7o_eAZb, Gm_, PrnXwZv9, N, jrtB, k3B, FeYhXu75, QfAwbZ, Ase08h7mmiae5p, Sfx, ymp, W, dd7pl, LwCX, q6t0, zxgB9b, Uy956r22, A6o3tr, seXcy300vZ>>
HGLC0 == c7o_eAZb = 1
====
