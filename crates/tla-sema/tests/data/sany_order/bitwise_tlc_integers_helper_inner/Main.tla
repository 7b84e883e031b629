---- MODULE Main ----
EXTENDS Bitwise, TLC, Integers, Helper
RECURSIVE CuaPDcS(_)
CuaPDcS(n) == IF n = {} THEN 0 ELSE CuaPDcS({})
AkLBj == 3
AX(p1, p2) == p1
LOCAL PheYNLW == 5
cYdzRd2PC == 0
LOCAL VntUAKE(p1, p2) == p1
---- MODULE Inner ----
DmeLDgc == 9
hsivxpk == 1
====
l2Ps[k \in {1, 2}] == k
dC7f == 4
G2T2j == 9
L3cf(p1, p2) == p1
Pj9y == 1
VARIABLES sgaA67z8zB9AXh
MNL == 0
wzhnp == 2
LOCAL HH == 8
RECURSIVE Z4_(_)
Z4_(n) == IF n = {} THEN 0 ELSE Z4_({})
LOCAL RVjKy == 2
Rjx == INSTANCE Inner
RECURSIVE VGqBNucQW4OY(_)
VGqBNucQW4OY(n) == IF n = {} THEN 0 ELSE VGqBNucQW4OY({})
tEEqgD5(p1, p2) == p1
r1YkzAA == 8
V_ld == 1
MF6oD(p1, p2) == p1
JH6pm == 7
Ex == 3
Za == 1
yt2aXXDjxEJD(p1, p2) == p1
C1TAB == 0
LOCAL nmED == 0
QmX(p1, p2) == p1
Wr96hn2Kn(p1, p2) == p1
n0(p1, p2) == p1
VCpbHWl == 2
I0UAmrL == 8
Fq6RBQUFSYk9 == 1
LSdWAYDxYLUK == 4
endhihn == 9
yo4 == 7
HFj == 3
RECURSIVE UC8PnX(_)
UC8PnX(n) == IF n = {} THEN 0 ELSE UC8PnX({})
Bd == 8
LOCAL Domfyrf == 8
eM4o37 == 6
aP == 1
RECURSIVE cvCmt(_)
cvCmt(n) == IF n = {} THEN 0 ELSE cvCmt({})
e5WltKQ3TqKu == 3
RECURSIVE qJ0iG7Z(_)
qJ0iG7Z(n) == IF n = {} THEN 0 ELSE qJ0iG7Z({})
y_eSB5P == 8
eVq == 9
D6QE6 == 0
J3GI(p1, p2) == p1
SNhjdc == 8
L2KQZ_ == 5
VARIABLES n3rkx
LOCAL pCpd_ == 7
jow1PdVxv[k \in {1, 2}] == k
CxWZ == 6
d9w == 0
MYXD(p1, p2) == p1
LOCAL hdzPH == 3
RECURSIVE Yk736(_)
Yk736(n) == IF n = {} THEN 0 ELSE Yk736({})
adX5YtnsS == 4
X4oQeVc == 8
GbH3[k \in {1, 2}] == k
LOCAL hO6[k \in {1, 2}] == k
LOCAL Dr9WZyt == 8
MFMF == 3
BO2AOQ == 3
WNNErHsP3 == 4
aCaO2[k \in {1, 2}] == k
LOCAL Umv == 0
VIEA62khO == 0
cHXRpq == 6
DPyMKy(p1, p2) == p1
LOCAL sVHVzP8Rc(p1, p2) == p1
RECURSIVE jCwXr6(_)
jCwXr6(n) == IF n = {} THEN 0 ELSE jCwXr6({})
iB == 1
UExITJ == 0
avPlWs == 6
RECURSIVE A7wK(_)
A7wK(n) == IF n = {} THEN 0 ELSE A7wK({})
oMZNSvh == 9
hsoSqz2IK == 4
BJPQwrQd6 == 6
VARIABLES Bo, yg3C, uYXod, q, K, Bn8, UmcetYeCa6, Zbj1kdXcYpom8b, p0oYjx, H
IqhdKU == 0
VdVPd == 3
AfU3W == 4
LOCAL NkYFl[k \in {1, 2}] == k
LOCAL tUzk == 5
z58UfcJJwPiu == 6
O_cUn == 1
APY(p1, p2) == p1
RECURSIVE sNSJlE(_)
sNSJlE(n) == IF n = {} THEN 0 ELSE sNSJlE({})
Rf8zp5d == 9
RECURSIVE d21K7N(_)
LOCAL d21K7N(n) == IF n = {} THEN 0 ELSE d21K7N({})
dxVpuWEbF == 1
tyo2[k \in {1, 2}] == k
SWw8S3 == 4
zg == 8
RECURSIVE JTegg(_)
LOCAL JTegg(n) == IF n = {} THEN 0 ELSE JTegg({})
a4AGffal0Z0u == 4
zeBxC == 8
LOCAL CvNfW8gMXKNy(p1, p2) == p1
QZw(p1, p2) == p1
cqQDbM == 2
HUPxzF == 2
Jcv9kudmZ == 6
bqMAA == 6
YASu_v1 == 0
VARIABLE w0cwao39
n5gxFK == 8
HigN5QU(p1, p2) == p1
RECURSIVE ToL4y(_)
ToL4y(n) == IF n = {} THEN 0 ELSE ToL4y({})
Vs == 4
alPjIJ35h[k \in {1, 2}] == k
xCUR9 == 3
jamK5ABtW == 6
LOCAL r4p69a == 0
Bs_4BH[k \in {1, 2}] == k
V9l0I == 4
JQ4PfXwTBkTL == 5
po2L6awbxclf(p1, p2) == p1
aKFdiPLv1 == 6
g0uF_e == 9
MxcZchf3VZLe == 0
Init == Bo = 0 /\ yg3C = 0 /\ uYXod = 0 /\ q = 0 /\ K = 0 /\ Bn8 = 0 /\ UmcetYeCa6 = 0 /\ Zbj1kdXcYpom8b = 0 /\ p0oYjx = 0 /\ H = 0 /\ w0cwao39 = 0 /\ n3rkx = 0 /\ sgaA67z8zB9AXh = 0 /\ X = 0 /\ myX = 0 /\ e2djdji2ljl9iu = 0
Next == UNCHANGED <<Bo, yg3C, uYXod, q, K, Bn8, UmcetYeCa6, Zbj1kdXcYpom8b, p0oYjx, H, w0cwao39, n3rkx, sgaA67z8zB9AXh, X, myX, e2djdji2ljl9iu>>
gvPh == Bo = 1
====
