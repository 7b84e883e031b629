---- MODULE Helper ----
VARIABLES opp6l8, mc74tdqBn4, z
GK3KLG(p1, p2) == p1
eANu == 6
mvR == 7
RECURSIVE nkSfv(_)
nkSfv(n) == IF n = {} THEN 0 ELSE nkSfv({})
q3P4YG6kEJvt == 0
jmEqAPT[k \in {1, 2}] == k
RECURSIVE FoRjRrI2p(_)
FoRjRrI2p(n) == IF n = {} THEN 0 ELSE FoRjRrI2p({})
LOCAL atfTjda == 6
KLH == 1
FMur == 1
Kdgva7ph9luE == 3
LOCAL hMB == 3
wTLQ == 8
ca == 3
LOCAL IuRvp(p1, p2) == p1
dib == 0
====
