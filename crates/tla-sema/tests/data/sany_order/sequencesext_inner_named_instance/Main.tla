---- MODULE Main ----
EXTENDS SequencesExt
DG72Sw(p1, p2) == p1
DJX_Sw == 9
FW73cuo8e == 1
LOCAL Ap1951V3xDEF[k \in {1, 2}] == k
LOCAL prpGzLc == 4
uu4y == 9
KO == 7
k1o0j(p1, p2) == p1
jG22XIz1zh7Y == 0
LOCAL OGsIzzRWvqFf == 2
LOCAL lGhh0LgbNDl4[k \in {1, 2}] == k
LOCAL aGDF == 2
AZ == 4
nmW == 9
XS9NX == 4
RECURSIVE xeUYomg(_)
LOCAL xeUYomg(n) == IF n = {} THEN 0 ELSE xeUYomg({})
U6l0cb == 3
EVQ6S6t[k \in {1, 2}] == k
LOCAL rzvetiqPQ == 2
RECURSIVE F5vq(_)
F5vq(n) == IF n = {} THEN 0 ELSE F5vq({})
kO4W == 3
pTVKs == 9
VARIABLES IjAa6q78lcw37C, ou, WXlnl94Zpinc5v, z2q
U1xBCyBeF[k \in {1, 2}] == k
a $$ b == a
OgfH7xo == 5
LOCAL AX(p1, p2) == p1
h7pzkTswN == 6
z_T1 == 4
ZnhV == 9
LOCAL UK0mnuECa1dt == 6
Qlyy(p1, p2) == p1
Qpbz == 9
jHDGoPu == 5
LOCAL OXFYDMFDO1Kq == 5
mvy0X1x == 7
hiNWknnD8 == 2
nad6 == 6
RECURSIVE KHi(_)
KHi(n) == IF n = {} THEN 0 ELSE KHi({})
RECURSIVE LZ(_)
LOCAL LZ(n) == IF n = {} THEN 0 ELSE LZ({})
ue0IHno == 2
azmIN1EYq1bM == 3
RECURSIVE HXx8S(_)
HXx8S(n) == IF n = {} THEN 0 ELSE HXx8S({})
RECURSIVE UKjyL(_)
UKjyL(n) == IF n = {} THEN 0 ELSE UKjyL({})
CJOoBryM81fK == 6
QArg1d6wFxI_ == 3
RECURSIVE I3Mf(_)
I3Mf(n) == IF n = {} THEN 0 ELSE I3Mf({})
RECURSIVE WMSv(_)
WMSv(n) == IF n = {} THEN 0 ELSE WMSv({})
k8lQKZDJw == 0
NKprN == 0
RECURSIVE pH1ov2trK(_)
pH1ov2trK(n) == IF n = {} THEN 0 ELSE pH1ov2trK({})
LOCAL tOR == 8
xUc[k \in {1, 2}] == k
OcrK == 3
eDZoO == 0
m897wKR[k \in {1, 2}] == k
ui == 2
---- MODULE Inner ----
====
oz7bahldouu8 == 1
RECURSIVE XqbDCD7HBVYN(_)
XqbDCD7HBVYN(n) == IF n = {} THEN 0 ELSE XqbDCD7HBVYN({})
RECURSIVE xoagnSWyf(_)
LOCAL xoagnSWyf(n) == IF n = {} THEN 0 ELSE xoagnSWyf({})
VARIABLES vpnjsZeX, S, hYt, i, zXdhB, zspk3o, LoBq6_2A9siXZ5, ci
p_wV0LK_9mZs == 7
u5JJ6r8(p1, p2) == p1
FW0bczPS7BV4 == 3
RTgLCfG == 0
CTBiX == 9
RECURSIVE gKXt9(_)
gKXt9(n) == IF n = {} THEN 0 ELSE gKXt9({})
lgUBY == 2
REKrP == INSTANCE Inner
cysbODb == 0
EoEe == 0
VARIABLES ok_k8
MMaPqVeZQ2d6 == 5
LOCAL PZ330 == 1
X4wwzEF == 3
k_KWP8xeJ == 4
RECURSIVE l0FsJe(_)
l0FsJe(n) == IF n = {} THEN 0 ELSE l0FsJe({})
vDc == 2
U5s == 7
opyTKx == 8
aonqz8t[k \in {1, 2}] == k
Dz == 5
LOCAL ddOyu3n == 3
Oxd == 4
u0 == 3
RECURSIVE wT7VuB(_)
wT7VuB(n) == IF n = {} THEN 0 ELSE wT7VuB({})
iJGdy == 2
LOCAL ltOmXNf2t(p1, p2) == p1
isUs9bx3FbWM == 3
gbyjyfV5M4if == 4
oV3k == 0
A8 == 0
RECURSIVE Rbg(_)
Rbg(n) == IF n = {} THEN 0 ELSE Rbg({})
MNfPF == 5
TMxjIQk == 3
Init == ok_k8 = 0 /\ vpnjsZeX = 0 /\ S = 0 /\ hYt = 0 /\ i = 0 /\ zXdhB = 0 /\ zspk3o = 0 /\ LoBq6_2A9siXZ5 = 0 /\ ci = 0 /\ IjAa6q78lcw37C = 0 /\ ou = 0 /\ WXlnl94Zpinc5v = 0 /\ z2q = 0
Next == UNCHANGED <<ok_k8, vpnjsZeX, S, hYt, i, zXdhB, zspk3o, LoBq6_2A9siXZ5, ci, IjAa6q78lcw37C, ou, WXlnl94Zpinc5v, z2q>>
C4 == ok_k8 = 1
====
