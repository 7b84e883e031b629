---- MODULE Main ----
EXTENDS Helper, Bitwise, SequencesExt, FiniteSets
Q8FXA0(p1, p2) == p1
LOCAL pY == 6
j3D == 8
LOCAL mc1Mlb89SJGI == 1
LOCAL FPU == 7
LnHkK4 == 4
Py7L[k \in {1, 2}] == k
WIMLOr == 3
FBXVjEWCQaCO == 7
J1v == 0
VARIABLES zo_XC5, AyfedoXAwp
VARIABLES Rr1Cy, Ujr6ab2k
a9zA[k \in {1, 2}] == k
RECURSIVE Ud(_)
Ud(n) == IF n = {} THEN 0 ELSE Ud({})
LOCAL vD7K7yp0m == 8
SFEPBjCUqVXj == 6
LR9Eqryfy == 7
nxieUwm77 == 8
LOCAL INSTANCE Naturals
VARIABLES D
O2 == 0
LOCAL eNa9fJ_xa(p1, p2) == p1
rQJVaVRv2DVP == 0
QUJHXrnCPma0(p1, p2) == p1
pP01Gs == 9
l2BU == 6
LOCAL YZLf3Sg_EhWK == 9
EtAQb == 1
RZv == 7
ImuIYRIhVuSE == 3
hC == 9
OuObBXB == 4
e14WwN == 3
NBN52J4NUovL == 2
WcXwycv1wgDl == 5
jf[k \in {1, 2}] == k
RECURSIVE crMUt(_)
crMUt(n) == IF n = {} THEN 0 ELSE crMUt({})
P_YsGnS == 4
LOCAL wpVQL == 0
RECURSIVE BglyRMnUgs3y(_)
BglyRMnUgs3y(n) == IF n = {} THEN 0 ELSE BglyRMnUgs3y({})
RwTxzas == 2
wVnOC == 9
Wqs[k \in {1, 2}] == k
N92KLT == 8
Init == Rr1Cy = 0 /\ Ujr6ab2k = 0 /\ D = 0 /\ zo_XC5 = 0 /\ AyfedoXAwp = 0 /\ opp6l8 = 0 /\ mc74tdqBn4 = 0 /\ z = 0
Next == UNCHANGED <<Rr1Cy, Ujr6ab2k, D, zo_XC5, AyfedoXAwp, opp6l8, mc74tdqBn4, z>>
AV9C_bnM1 == Rr1Cy = 1
====
