---- MODULE Main ----
EXTENDS Helper, Naturals
fwellWKaKzmK == 2
RECURSIVE KuI(_)
KuI(n) == IF n = {} THEN 0 ELSE KuI({})
RECURSIVE R3(_)
R3(n) == IF n = {} THEN 0 ELSE R3({})
kOr == 5
Bqi4H == 8
BhIe == 6
Vj == 4
hTEz6dFf8 == 3
RECURSIVE vumWh(_)
vumWh(n) == IF n = {} THEN 0 ELSE vumWh({})
LOCAL Wm == 1
n7xE[k \in {1, 2}] == k
dKLHv[k \in {1, 2}] == k
mAxitYLlDbKl(p1, p2) == p1
kzOZ4X == 4
ROD == 1
vxCtf93d9H8u == 0
SFBE == 9
N6PTc == 0
G6tg == 1
qT8S == 8
LOCAL wNWHzMjUQ == 8
FEyXT == 8
L7kSjvmjF == 5
HkJfG == 4
sik6 == 8
lcSEDw == 9
G6Si == 0
RECURSIVE CwNL3fpog(_)
CwNL3fpog(n) == IF n = {} THEN 0 ELSE CwNL3fpog({})
CxA6RGCFy(p1, p2) == p1
LPkjR == 9
RECURSIVE BRtxVuqoDz9V(_)
BRtxVuqoDz9V(n) == IF n = {} THEN 0 ELSE BRtxVuqoDz9V({})
BJW9gfb == 5
RECURSIVE fBeyj(_)
fBeyj(n) == IF n = {} THEN 0 ELSE fBeyj({})
gYmdznISnBH1 == 9
iTP8c3jdU(p1, p2) == p1
RECURSIVE HW(_)
HW(n) == IF n = {} THEN 0 ELSE HW({})
udCNGwTsLi_I == 9
OBHa_A5pTy12(p1, p2) == p1
RECURSIVE MGUK4E(_)
MGUK4E(n) == IF n = {} THEN 0 ELSE MGUK4E({})
GXcsE7 == 2
RECURSIVE NRQ12v1wT(_)
NRQ12v1wT(n) == IF n = {} THEN 0 ELSE NRQ12v1wT({})
DDK == 0
LOCAL Wau7D == 6
RECURSIVE D0DXBpzlgpst(_)
D0DXBpzlgpst(n) == IF n = {} THEN 0 ELSE D0DXBpzlgpst({})
LOCAL toX == 1
uWogbweTlSEh[k \in {1, 2}] == k
TiFL8P0XU == 5
co8IQJj == 6
LOCAL H2R60FM == 9
MdvmE == 2
DGRHZ[k \in {1, 2}] == k
kNBIzht_5WfN == 2
LOCAL rwCpKT(p1, p2) == p1
QyJZ0eM == 4
iwO9xfDGZ9Ay == 1
CsWGCY(p1, p2) == p1
z6l3XdD == 2
fhL1Mx7(p1, p2) == p1
iS == 8
LOCAL XnA == 8
Z6h5kT == 7
LOCAL m8l4(p1, p2) == p1
VARIABLES EygvrXjqZc
LOCAL SZHt2R == 0
RECURSIVE dukc(_)
LOCAL dukc(n) == IF n = {} THEN 0 ELSE dukc({})
KKya_ == 9
yCw == 9
RECURSIVE tGqDfdgJr(_)
tGqDfdgJr(n) == IF n = {} THEN 0 ELSE tGqDfdgJr({})
RECURSIVE patEjm(_)
patEjm(n) == IF n = {} THEN 0 ELSE patEjm({})
wQTB6ow == 6
WxO_gyO8RWsG[k \in {1, 2}] == k
lsJSym3LR == 0
VARIABLES piujn4kswoYZnC, M, YrZ223, B0eo, dugZ, I4vjm, Z, F42, D7f4, r7Yh9i_fjy, B
de == 5
RiqcRqXpv == INSTANCE TLCExt
djma1tASe == 0
LOCAL IfkWa6w9d8KD == 7
LOCAL zF9zx == 0
Q3Q3VI5 == 9
PWzW == 6
XdpN5slGMEeV[k \in {1, 2}] == k
Bm61ka0 == 3
zRG2ss_MF == 1
Yt1LIvc == 4
FT == 2
sP == 8
LOCAL Qs5FWrY8t == 7
kL == 3
iip == 3
LOCAL rOAq == 0
cCifR == 0
LOCAL TD == 7
wx1ScSQlyIww == 8
ZXRgQ == 3
T6px1Y[k \in {1, 2}] == k
pm == 9
RECURSIVE XH(_)
XH(n) == IF n = {} THEN 0 ELSE XH({})
LOCAL b_yVHz == 9
jjuzCr1MDL9Y == 6
jJzNxl == 2
LOCAL INSTANCE Integers
LOCAL Eey6W5q1Y == 1
D47z(p1, p2) == p1
LOCAL wQyXcRz == 7
RECURSIVE M8XDQ(_)
M8XDQ(n) == IF n = {} THEN 0 ELSE M8XDQ({})
Om4Mc7Q == 5
LOCAL OaDpzJfB2MLy(p1, p2) == p1
JPnF3 == 2
xx(p1, p2) == p1
RECURSIVE QqU9VWp(_)
LOCAL QqU9VWp(n) == IF n = {} THEN 0 ELSE QqU9VWp({})
DEQ5z4n == 2
F2Pf == 2
YSgor == 9
RECURSIVE tI5D5v(_)
tI5D5v(n) == IF n = {} THEN 0 ELSE tI5D5v({})
hyXH9LU1Z == 3
THEOREM uDAXfGLD_cBm == TRUE
UrSEJCDPL == 1
AQYI == 3
RECURSIVE u3juen8yn(_)
u3juen8yn(n) == IF n = {} THEN 0 ELSE u3juen8yn({})
VARIABLES nja8Chgf, vhA8Yx_ze_Y1t0, zC7Bi2
Us == 9
wBxXnaN == 2
nrI == 7
M5f == 8
Ds == 1
jF == 5
MwoaY1I[k \in {1, 2}] == k
eA32H == 4
hxxJ10Mi2 == 1
hC7Fo == 1
RECURSIVE vLfmlwTVfYxj(_)
vLfmlwTVfYxj(n) == IF n = {} THEN 0 ELSE vLfmlwTVfYxj({})
RECURSIVE ZYrpZ(_)
ZYrpZ(n) == IF n = {} THEN 0 ELSE ZYrpZ({})
RECURSIVE pAiWoR(_)
pAiWoR(n) == IF n = {} THEN 0 ELSE pAiWoR({})
lb == 3
ZpA5Q == 6
c5IYt == 9
wz7DAnds6[k \in {1, 2}] == k
XIipA == 1
RECURSIVE BJLY3(_)
BJLY3(n) == IF n = {} THEN 0 ELSE BJLY3({})
cfu(p1, p2) == p1
tLr6 == 4
EhG_w == 9
wTDZv == 0
fqRAV == 4
qKwJvHxKclBo[k \in {1, 2}] == k
d5eM9 == 8
TG3C == 4
b18nF == 7
FOiVebJSI == 9
s7yj == 4
VV_ == 1
mqnO[k \in {1, 2}] == k
ZCNnGm == 3
G0If == 0
Z2rqN == 1
RECURSIVE bnJ(_)
bnJ(n) == IF n = {} THEN 0 ELSE bnJ({})
Init == piujn4kswoYZnC = 0 /\ M = 0 /\ YrZ223 = 0 /\ B0eo = 0 /\ dugZ = 0 /\ I4vjm = 0 /\ Z = 0 /\ F42 = 0 /\ D7f4 = 0 /\ r7Yh9i_fjy = 0 /\ B = 0 /\ nja8Chgf = 0 /\ vhA8Yx_ze_Y1t0 = 0 /\ zC7Bi2 = 0 /\ EygvrXjqZc = 0
Next == UNCHANGED <<piujn4kswoYZnC, M, YrZ223, B0eo, dugZ, I4vjm, Z, F42, D7f4, r7Yh9i_fjy, B, nja8Chgf, vhA8Yx_ze_Y1t0, zC7Bi2, EygvrXjqZc>>
q0CYbAcsX4dw == piujn4kswoYZnC = 1
====
