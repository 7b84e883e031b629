---- MODULE Helper ----
VARIABLES X, myX, e2djdji2ljl9iu
xqh == 2
dtjIa == 2
RECURSIVE Ba(_)
LOCAL Ba(n) == IF n = {} THEN 0 ELSE Ba({})
vE == 9
VEJ2g5 == 8
otWJA(p1, p2) == p1
CmUQz0j6lZle == 3
gv == 0
NQpY9im[k \in {1, 2}] == k
kWA1CSk == 5
LOCAL m969Yw(p1, p2) == p1
VKjr == 8
oODnP == 4
u7k_xtaPaHMy == 4
j5iRKhf == 9
lox == 0
AAXJqCy == 0
RECURSIVE WWDTKye(_)
WWDTKye(n) == IF n = {} THEN 0 ELSE WWDTKye({})
LOCAL wCs[k \in {1, 2}] == k
BDjmY0xMVmzi(p1, p2) == p1
eON == 3
YuE023AlMvUp == 4
bca[k \in {1, 2}] == k
uMugisZ == 8
uEPulKtcs == 0
iXQgU == 7
ggwAUOC(p1, p2) == p1
a9hmyp_ == 4
zCDB9fY == 4
ejRfg_RPU2Hz == 5
e278(p1, p2) == p1
RECURSIVE YX_BK(_)
YX_BK(n) == IF n = {} THEN 0 ELSE YX_BK({})
dn2xvhjoO7a_[k \in {1, 2}] == k
mKq67Y == 4
LOCAL ueE4CE == 7
w6 == 2
THEOREM t2A == TRUE
====
