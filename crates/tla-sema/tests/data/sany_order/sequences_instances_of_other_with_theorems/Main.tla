---- MODULE Main ----
EXTENDS Sequences
RECURSIVE KxbF(_)
KxbF(n) == IF n = {} THEN 0 ELSE KxbF({})
g7x == 9
RECURSIVE B03HxX4eK(_)
B03HxX4eK(n) == IF n = {} THEN 0 ELSE B03HxX4eK({})
LOCAL RYzmbNb == 0
cyIZ == 9
RECURSIVE RA(_)
LOCAL RA(n) == IF n = {} THEN 0 ELSE RA({})
eZ0 == 3
CbxLoCP_zpVf == 5
usl3jN[k \in {1, 2}] == k
yEjXlMU0hLp9 == 6
RECURSIVE M5p(_)
LOCAL M5p(n) == IF n = {} THEN 0 ELSE M5p({})
RECURSIVE Z9kHSr(_)
Z9kHSr(n) == IF n = {} THEN 0 ELSE Z9kHSr({})
ZFF(p1, p2) == p1
RitfB == 4
LOCAL m8x4BVr == 4
FdG6G[k \in {1, 2}] == k
RECURSIVE wEJps(_)
wEJps(n) == IF n = {} THEN 0 ELSE wEJps({})
w70TrCUZXpas == 2
Gv08 == 4
nqaSFs[k \in {1, 2}] == k
vUGwcC[k \in {1, 2}] == k
LOCAL Z_v == 7
XlcLqdr1WE9C == 1
Q_g(p1, p2) == p1
XAMykS[k \in {1, 2}] == k
RECURSIVE zkdBJh(_)
zkdBJh(n) == IF n = {} THEN 0 ELSE zkdBJh({})
vHoOz5 == 6
LOCAL v7GFtgWt2 == 0
D1 == 2
Cws1JGwPj == 1
N2X_PZ7[k \in {1, 2}] == k
LOCAL uJjuqBplZ == 2
h1(p1, p2) == p1
INSTANCE Other WITH v71 <- 1
ICDI4 == 7
KdrhOY(p1, p2) == p1
IG == 8
RECURSIVE QSKl(_)
QSKl(n) == IF n = {} THEN 0 ELSE QSKl({})
dQ_nKuNnC80U == 3
Brs73 == 5
RECURSIVE YvEzgv(_)
YvEzgv(n) == IF n = {} THEN 0 ELSE YvEzgv({})
i7HaOe == 7
gz == 7
OK == 3
vEeaD == 3
NckKk0 == 3
RECURSIVE VmarIP(_)
VmarIP(n) == IF n = {} THEN 0 ELSE VmarIP({})
LOCAL eEIRCrZ_odqT[k \in {1, 2}] == k
Pt == 0
I_kzz == 5
vg == 5
ttSb9f3dv == 1
xT(p1, p2) == p1
P2VbE8XSsM0G == 0
tJKg == 9
LOCAL r5rU[k \in {1, 2}] == k
M4 == 4
OSi(p1, p2) == p1
LOCAL ujz9 == 7
xhSwzF == 3
AOuU5iy[k \in {1, 2}] == k
DF2m[k \in {1, 2}] == k
SihY == 5
RECURSIVE ksT0FV(_)
ksT0FV(n) == IF n = {} THEN 0 ELSE ksT0FV({})
A1Fu == 2
OToU == 1
Js33 == 4
LOCAL rVeS1a13c == 4
Kt == 8
LOCAL ZkT[k \in {1, 2}] == k
Z_8fMcl == 6
UHXpW == 1
VARIABLES Jy5, UzZm8cxBm9
I9m == 0
xSJILc9eN[k \in {1, 2}] == k
g9SA == 0
Hqjo9 == 8
L27_h == 9
RECURSIVE VGqah(_)
VGqah(n) == IF n = {} THEN 0 ELSE VGqah({})
og == 5
KHcUtL == 8
eJoEmDbiBm1t(p1, p2) == p1
LOCAL y20yPhMwfgRb(p1, p2) == p1
QJ[k \in {1, 2}] == k
CiOqg == 4
kcRDdvZkHYTx == 9
KRVM3wwYv(p1, p2) == p1
IY9QDz0Cy == 8
djW == 0
WF == 8
ka20p6w9u == 6
LOCAL Gz == INSTANCE Bags
SlQ68lBu2 == 3
Je6R == 8
XC418oI == 8
Ax == 3
a7ygsX == 3
LRa == 8
RECURSIVE P0liKon(_)
LOCAL P0liKon(n) == IF n = {} THEN 0 ELSE P0liKon({})
nIuMZU == 2
GdrvO3nKh2jX == 8
uexTSR == 9
LOCAL oN == 1
B0eK == 9
YmCJ1ThBCnjU == 1
Msoosj1OZ == 2
PWLdA4L9X[k \in {1, 2}] == k
y2K1 == 2
X7U == 6
RECURSIVE d46(_)
d46(n) == IF n = {} THEN 0 ELSE d46({})
LOCAL FJ2m(p1, p2) == p1
RECURSIVE SqA(_)
SqA(n) == IF n = {} THEN 0 ELSE SqA({})
RFV(p1, p2) == p1
uyIlz_E == 9
VDTy == 2
LOCAL dx(p1, p2) == p1
VHOSo == 1
yK == 0
K3hIW[k \in {1, 2}] == k
QaG(p1, p2) == p1
LOCAL LXRUHcW7r2sg == 1
ronpoq[k \in {1, 2}] == k
R_ == 4
Gk_0Vvwj2(p1, p2) == p1
oX(p1, p2) == p1
LOCAL FNSfPcc(p1, p2) == p1
RECURSIVE Y2pd0guui(_)
Y2pd0guui(n) == IF n = {} THEN 0 ELSE Y2pd0guui({})
EnLO9 == 9
tFQ9 == 7
MXWa == 0
nj9IKYp == 3
RECURSIVE PwcdUQ(_)
PwcdUQ(n) == IF n = {} THEN 0 ELSE PwcdUQ({})
LOCAL iB == 0
uw9F == 6
K5CDQo5ms == 5
MvNxNd == 8
LOCAL yVGvxm == 8
LRvYTox5Qp5r == 8
BJ2g(p1, p2) == p1
p9 == 7
PNcfz72 == 9
RECURSIVE N6OH5(_)
N6OH5(n) == IF n = {} THEN 0 ELSE N6OH5({})
is == 3
RXQZ9Z(p1, p2) == p1
UGxCGGVP1 == 2
GMTWH == 4
LOCAL Zavl == INSTANCE Other WITH v71 <- 1
YQBFi2QsujAN == 6
RECURSIVE eP(_)
eP(n) == IF n = {} THEN 0 ELSE eP({})
x23Hln == 8
LOCAL INSTANCE Other WITH v71 <- 1
Zes28 == INSTANCE Integers
LOCAL exuBZXg == 0
pDD0_d == 9
YuSMs == 8
DpV1 == 6
Init == Jy5 = 0 /\ UzZm8cxBm9 = 0
Next == UNCHANGED <<Jy5, UzZm8cxBm9>>
S8QYlq0l1 == Jy5 = 1
====
