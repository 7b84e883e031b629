---- MODULE Main ----
EXTENDS Bags, TLCExt
JVE8 == 0
WNZ9X1ldV == 6
UcL == 0
TjTOrx == 4
IIZ4TTH == 0
cAYg9N == 5
SN == 9
wp == 8
LOCAL BzV[k \in {1, 2}] == k
Fbk0Eh == 1
sfo0UCJwB[k \in {1, 2}] == k
JnicRz == 9
ycXc3j == 6
X4 == 9
wMChv[k \in {1, 2}] == k
egDJ == 7
mGMq0y[k \in {1, 2}] == k
LOCAL DpYp == 1
iKkBRtT == 3
whd1 == 6
okPPcMo == 4
o6 == 0
FwTXcIebx == 3
Uy == 4
rd(p1, p2) == p1
cF == 8
boq7 == 9
LOCAL QQ21gKFKf7Qc[k \in {1, 2}] == k
ukDz == 8
o1Vpy == 0
K5_ljWU == 1
RYAvLYS == 6
JXc3ts == 4
LOCAL b9GqhsqbK == 8
L7N8WY == 6
THEOREM Z2qENj == TRUE
tPQXi == 0
RECURSIVE y4RC8Q(_)
y4RC8Q(n) == IF n = {} THEN 0 ELSE y4RC8Q({})
iRMbOTy(p1, p2) == p1
a6 == 8
Ftqksq == 5
TowNH6OTkXnt == 2
p29owV2 == 0
kofNC == 5
B5NChqd == 8
I0NHkc1Bo07q == 7
EiBvHu[k \in {1, 2}] == k
k1IGXGUGN == 6
b681ZlS == 3
LOCAL UYzS8WU == 7
RECURSIVE Mz0GYZK(_)
Mz0GYZK(n) == IF n = {} THEN 0 ELSE Mz0GYZK({})
qT4[k \in {1, 2}] == k
XwNe7Z(p1, p2) == p1
ycfL == 5
RECURSIVE qzFUcZOVs(_)
qzFUcZOVs(n) == IF n = {} THEN 0 ELSE qzFUcZOVs({})
Jy3gTz == 1
sVfkD == 7
wXsTbgMH8dkN == 8
Hfcvb == 0
RECURSIVE BWEf(_)
BWEf(n) == IF n = {} THEN 0 ELSE BWEf({})
VARIABLES sajgc, B3ln92ZgZz, eiv, E45Zx0Ap, qzwy9o, NglBX, eb_A
ZQN1n2 == 4
LOCAL OZW == 0
RECURSIVE ALKFMnL(_)
ALKFMnL(n) == IF n = {} THEN 0 ELSE ALKFMnL({})
ysB == 0
elXSR == 6
RECURSIVE Lrlj2dv9w(_)
Lrlj2dv9w(n) == IF n = {} THEN 0 ELSE Lrlj2dv9w({})
rCvK7bfE1 == 6
w7TD3z(p1, p2) == p1
G5Pf[k \in {1, 2}] == k
NaoT1 == 2
PlX8pH818 == 1
RECURSIVE GLrBM2v7E5vf(_)
GLrBM2v7E5vf(n) == IF n = {} THEN 0 ELSE GLrBM2v7E5vf({})
BzNaez == 9
LOCAL gCfa3Q[k \in {1, 2}] == k
ogB[k \in {1, 2}] == k
RznqXascq[k \in {1, 2}] == k
HQ8Znknrx1Tu == 4
LOCAL X3mIQ == 3
WCSBtg == 0
RECURSIVE DwGf4(_)
DwGf4(n) == IF n = {} THEN 0 ELSE DwGf4({})
RECURSIVE kIKF4(_)
kIKF4(n) == IF n = {} THEN 0 ELSE kIKF4({})
PkYKEUsLZ(p1, p2) == p1
tlIENT == 0
yrhq9a == 1
SxW0Xmg == 6
rmUD == 8
Q7zFgA6YP6k5 == 7
VARIABLES I2rfl39z, Nn, b6dujouz, A, E5eci8_7y7, Lcn, tyt, b9rm767k, fn3, dZ
lzVcj78 == 8
M1 == 6
zjlof == 2
gBZRjrhxqW0n == 9
Init == I2rfl39z = 0 /\ Nn = 0 /\ b6dujouz = 0 /\ A = 0 /\ E5eci8_7y7 = 0 /\ Lcn = 0 /\ tyt = 0 /\ b9rm767k = 0 /\ fn3 = 0 /\ dZ = 0 /\ sajgc = 0 /\ B3ln92ZgZz = 0 /\ eiv = 0 /\ E45Zx0Ap = 0 /\ qzwy9o = 0 /\ NglBX = 0 /\ eb_A = 0
Next == UNCHANGED <<I2rfl39z, Nn, b6dujouz, A, E5eci8_7y7, Lcn, tyt, b9rm767k, fn3, dZ, sajgc, B3ln92ZgZz, eiv, E45Zx0Ap, qzwy9o, NglBX, eb_A>>
lMeZFpneRjp5 == I2rfl39z = 1
====
