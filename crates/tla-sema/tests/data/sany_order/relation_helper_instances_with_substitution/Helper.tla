---- MODULE Helper ----
EXTENDS FiniteSets, Naturals
VARIABLES CxrdY
EZ == 1
uG5K0eFn4Z9L[k \in {1, 2}] == k
RECURSIVE a3(_)
a3(n) == IF n = {} THEN 0 ELSE a3({})
TKfJ == 3
LOCAL HsRWYIx == 9
LkXFONL_OKZ9 == 0
RECURSIVE mZGW_k(_)
LOCAL mZGW_k(n) == IF n = {} THEN 0 ELSE mZGW_k({})
MMr[k \in {1, 2}] == k
RECURSIVE oPyoaLHhXpJW(_)
LOCAL oPyoaLHhXpJW(n) == IF n = {} THEN 0 ELSE oPyoaLHhXpJW({})
U_ == 3
pAVaj9 == 1
CPpiS == 6
SsQa == 4
kqMcGwSEouu6 == 4
RECURSIVE fo6Nrw(_)
fo6Nrw(n) == IF n = {} THEN 0 ELSE fo6Nrw({})
LOCAL FhE == 2
LOCAL XnMW8S == 6
LOCAL q2e3(p1, p2) == p1
zua8 == 7
====
