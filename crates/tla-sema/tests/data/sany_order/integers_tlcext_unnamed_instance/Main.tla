---- MODULE Main ----
EXTENDS Integers, TLCExt
RECURSIVE aiWAw(_)
aiWAw(n) == IF n = {} THEN 0 ELSE aiWAw({})
LOCAL dQhrOL[k \in {1, 2}] == k
RECURSIVE MrtlZ(_)
MrtlZ(n) == IF n = {} THEN 0 ELSE MrtlZ({})
RECURSIVE cd9bT(_)
cd9bT(n) == IF n = {} THEN 0 ELSE cd9bT({})
Mr == 5
nUs06AlPM7Qz(p1, p2) == p1
RECURSIVE HgXWnC(_)
HgXWnC(n) == IF n = {} THEN 0 ELSE HgXWnC({})
e3Q5k(p1, p2) == p1
LOCAL l_ratoS2dFdY == 9
wU == 9
RECURSIVE iiM4S(_)
iiM4S(n) == IF n = {} THEN 0 ELSE iiM4S({})
K6p7DBdjFZ9x == 6
P4 == 5
HVYIP[k \in {1, 2}] == k
LOCAL G7ga5Qd == 9
VARIABLES gZf
RECURSIVE sr3Ceh8uC(_)
sr3Ceh8uC(n) == IF n = {} THEN 0 ELSE sr3Ceh8uC({})
n2 == 4
rdFu1TBVDL4J == 3
Y1WztSltV98P == 5
IcY8 == 2
tVAH(p1, p2) == p1
Ii7tit == 8
Sp6D == 1
DgPIBZ3Ab(p1, p2) == p1
QjsLX == 7
VARIABLES DkZ29xwj2m, E7sBniBo
E3Ium_aiE == 6
RECURSIVE KD0GCyxHXOHE(_)
KD0GCyxHXOHE(n) == IF n = {} THEN 0 ELSE KD0GCyxHXOHE({})
FTdynO == 4
TxFod == 1
yuv1 == 2
RECURSIVE YO(_)
YO(n) == IF n = {} THEN 0 ELSE YO({})
GdVy == 0
Z20KwsSxVYv_ == 0
m0R9kAf == 6
SEExln == 8
LOCAL EiQQmy == 4
RizBWx(p1, p2) == p1
C_Vm5zD == 1
xJ2Bb7PMQBy9 == 0
tR9V3y == 6
j66wZX417 == 7
op6FasrEF582[k \in {1, 2}] == k
yg[k \in {1, 2}] == k
RECURSIVE i07HWV(_)
LOCAL i07HWV(n) == IF n = {} THEN 0 ELSE i07HWV({})
uS[k \in {1, 2}] == k
Zbj == 3
LOCAL YXTfBKw85klN == 2
Fm7eis5bP1pk(p1, p2) == p1
bIONKb == 7
ZN[k \in {1, 2}] == k
RECURSIVE Scn(_)
Scn(n) == IF n = {} THEN 0 ELSE Scn({})
o9E9mkpmH == 5
S1ae == 6
LOCAL quGbiI == 5
asnLwx1[k \in {1, 2}] == k
rasjhVBsV == 6
RECURSIVE e9M_72p(_)
e9M_72p(n) == IF n = {} THEN 0 ELSE e9M_72p({})
sh_XK == 0
F3n(p1, p2) == p1
NfDBneeQOqvz == 9
LOCAL ga70mKxPOkr0 == 4
mug1a3VPo(p1, p2) == p1
C1Sl == 2
oiefkDMUy == 3
nSC == 6
RECURSIVE ZCcwsJ(_)
ZCcwsJ(n) == IF n = {} THEN 0 ELSE ZCcwsJ({})
Cva == 4
YHP == 8
hOapE == 3
VyzL == 1
BaWDu(p1, p2) == p1
oL22NrlUn(p1, p2) == p1
mrTG == 2
LOCAL dTnm[k \in {1, 2}] == k
AAKq(p1, p2) == p1
P7ttEibTCBQR(p1, p2) == p1
iziN[k \in {1, 2}] == k
INSTANCE Reals
altl[k \in {1, 2}] == k
ZQg38nM == 2
ACJ == 1
E01ZXN == 8
LOCAL RD[k \in {1, 2}] == k
wfh7Z5J[k \in {1, 2}] == k
zq == 3
LOCAL C0D4QMVNPPCx(p1, p2) == p1
Q1eea2bQe == 2
cyhtSAWpoHLB[k \in {1, 2}] == k
qT40 == 0
RECURSIVE yt9(_)
yt9(n) == IF n = {} THEN 0 ELSE yt9({})
Zz(p1, p2) == p1
L9R == 1
k6sGvJ == 0
h3K[k \in {1, 2}] == k
RECURSIVE iRSGoBFeL(_)
iRSGoBFeL(n) == IF n = {} THEN 0 ELSE iRSGoBFeL({})
SfGheS8y1 == 3
RECURSIVE zNOVBI9PG(_)
zNOVBI9PG(n) == IF n = {} THEN 0 ELSE zNOVBI9PG({})
HeBx7O1jYDzN == 4
nVY == 9
nXrnQDK == 4
DX1R5h_oMwdf(p1, p2) == p1
YjCdcs == 0
RECURSIVE ZMO5(_)
ZMO5(n) == IF n = {} THEN 0 ELSE ZMO5({})
m5A == 7
wP == 0
pS9rK3 == 6
rZ == 4
RECURSIVE mt_0tQXx_(_)
mt_0tQXx_(n) == IF n = {} THEN 0 ELSE mt_0tQXx_({})
XETW == 2
VARIABLES X, xfw6rlZ930, K8oi8Ah0, xo18z, Q9ld, x
LOCAL jq == 4
Cnj5 == 0
GijAcD == 7
gq4_ == 9
a \prec b == a
H041oG == 5
g5Xk == 6
WSRy == 8
LOCAL GTk == 3
JAkYpao8G == 0
Hib == 3
LOCAL SDyfU == 4
RECURSIVE ss3DD(_)
ss3DD(n) == IF n = {} THEN 0 ELSE ss3DD({})
Init == X = 0 /\ xfw6rlZ930 = 0 /\ K8oi8Ah0 = 0 /\ xo18z = 0 /\ Q9ld = 0 /\ x = 0 /\ DkZ29xwj2m = 0 /\ E7sBniBo = 0 /\ gZf = 0
Next == UNCHANGED <<X, xfw6rlZ930, K8oi8Ah0, xo18z, Q9ld, x, DkZ29xwj2m, E7sBniBo, gZf>>
xjFdgy == X = 1
====
