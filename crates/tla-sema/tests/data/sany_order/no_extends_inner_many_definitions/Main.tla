---- MODULE Main ----
RECURSIVE efM(_)
efM(n) == IF n = {} THEN 0 ELSE efM({})
Upy9Nq[k \in {1, 2}] == k
P4dLQM14T == 4
Jy0W6 == 8
uQ6O == 5
u6 == 7
j8ErS_uwIU8h == 9
kaIbcY == 6
RECURSIVE rr(_)
rr(n) == IF n = {} THEN 0 ELSE rr({})
LOCAL mNSx2Dtfr == 8
oAIH2i == 9
VARIABLES sfedi, j, qC, qzwc955n6mr4k8
eEA == 9
hlPG5 == 6
YMgEoSppI == 1
gWO(p1, p2) == p1
G9hKIwKvwrAT == 9
FyN(p1, p2) == p1
xl == 1
m4qcU18 == 8
LOCAL P7 == 4
hBPIMY7LH == 1
gLZmVmuLQ == 2
V3OTP7pRPQfE == 6
gaG4gZ == 6
PImnJM29w == 7
Yno == 4
Rlzd4b[k \in {1, 2}] == k
Xbm2ONTLT == 5
ZzZax6 == 8
xFLUW8SXZ == 6
Sz5LU_ == 9
CsT == 1
RECURSIVE GlY6(_)
GlY6(n) == IF n = {} THEN 0 ELSE GlY6({})
LOCAL SJKGX7 == 4
neFozvOsL == 0
tZj == 9
ebCZg11xX == 8
aCHrNuhJg == 2
RECURSIVE Pr_cRGIw65Sx(_)
Pr_cRGIw65Sx(n) == IF n = {} THEN 0 ELSE Pr_cRGIw65Sx({})
E2Jtv == 5
RECURSIVE JGU5(_)
JGU5(n) == IF n = {} THEN 0 ELSE JGU5({})
LOCAL bm == 1
ZvDoHhBfoK6v == 3
dFK[k \in {1, 2}] == k
RECURSIVE t3IZ5YU(_)
LOCAL t3IZ5YU(n) == IF n = {} THEN 0 ELSE t3IZ5YU({})
risG7YE == 0
LOCAL p4v1Y2Ztj(p1, p2) == p1
UC_qdr == 6
LOCAL zm6RC == 0
LQAN == 6
MFtY3o == 4
rT == 6
oJZ5zf == 0
VARIABLES etiq3pdcAv, Wud1e0i9aw
l_08C[k \in {1, 2}] == k
LOCAL dP == 2
qX8yOfTmew95(p1, p2) == p1
thp5PWS == 5
LOCAL UmXlP == 1
VARIABLES Xd2, G, otk_viv8pB1YtX
DGmsNu61E3_d[k \in {1, 2}] == k
qk == 5
bez_ == 2
LOCAL VPowaf == 0
Oy(p1, p2) == p1
Z9pmgc == 7
DVU == 5
Uf3LQ == 4
yaM == 0
XQ8QR6[k \in {1, 2}] == k
Fb == 2
NjhrpKk == 5
E_J1nFoUr == 9
pDqs22KRrLJs[k \in {1, 2}] == k
Ys == 5
LOCAL Az(p1, p2) == p1
fce == 7
SHwhCJP == 7
LOCAL kPr[k \in {1, 2}] == k
mQz8V4y == 3
HDtJNM9 == 6
MOS(p1, p2) == p1
Zib == 0
SacfCE == 2
AUNII5PbCmsl == 8
Qo == 2
RECURSIVE AI5(_)
AI5(n) == IF n = {} THEN 0 ELSE AI5({})
DF8xdqp5c == 3
LOCAL JuGk == 0
FK_RLX == 5
M7c[k \in {1, 2}] == k
EOam == 4
M7S[k \in {1, 2}] == k
BPry == 6
p_6xQo(p1, p2) == p1
pL == 9
ALXV(p1, p2) == p1
Sht[k \in {1, 2}] == k
LOCAL EbNRa == 0
Su == 4
S7_ADfZMG == 4
---- MODULE Inner ----
o8EpvWnDZ == 4
RECURSIVE fD9vw(_)
fD9vw(n) == IF n = {} THEN 0 ELSE fD9vw({})
iB == 6
zki[k \in {1, 2}] == k
====
p6roOh == 4
A0Z0RHrqT[k \in {1, 2}] == k
GOG == 8
RECURSIVE JmJZb4Z01MDW(_)
JmJZb4Z01MDW(n) == IF n = {} THEN 0 ELSE JmJZb4Z01MDW({})
LOCAL oCe1Wnj6PtU3 == 8
RECURSIVE Kqc(_)
Kqc(n) == IF n = {} THEN 0 ELSE Kqc({})
kGb == 4
EYe3 == 9
gd_hjcP == 8
B3Bb8 == 6
tsK == INSTANCE Inner
LOCAL FQe_Ap1 == 8
Hd == 5
r9av == 7
AYCcwi == 3
M_1meZgCU == 0
VARIABLES ug4tXAogxzp6j_, jke
x6(p1, p2) == p1
wLvfllArF9V3 == 2
J2N5kZcda == 1
RECURSIVE BLdnE_SFiagb(_)
BLdnE_SFiagb(n) == IF n = {} THEN 0 ELSE BLdnE_SFiagb({})
W_NBR16 == 0
nbfir == 2
u1v2bM == 9
GPc[k \in {1, 2}] == k
FSk == 9
PclbLE[k \in {1, 2}] == k
sfER == 5
Ct == 5
LOCAL ayKFa == 0
wNV == 3
qMS == 5
RECURSIVE MzZIvBargoct(_)
MzZIvBargoct(n) == IF n = {} THEN 0 ELSE MzZIvBargoct({})
nkI2d4gcdEIO == 9
fPIaXj[k \in {1, 2}] == k
LOCAL yUXQ == 3
pDMrnAgDTq7D == 3
rubQm == 0
yPqFtYQrf == 3
NMM == 6
MBPDn[k \in {1, 2}] == k
XQ3_Wo == 1
VARIABLES sq5, dZ1, rpX2bAY1, hu0nh0
FqV9J == 7
I13d[k \in {1, 2}] == k
LK70SA == 7
zq == 0
oH4XpsTeLS2x == 7
fO3 == 1
GFp03 == 1
Jtlo == 1
dYzY == 1
ZzQsXIFiO == 5
RECURSIVE Algvc(_)
Algvc(n) == IF n = {} THEN 0 ELSE Algvc({})
Init == Xd2 = 0 /\ G = 0 /\ otk_viv8pB1YtX = 0 /\ sq5 = 0 /\ dZ1 = 0 /\ rpX2bAY1 = 0 /\ hu0nh0 = 0 /\ etiq3pdcAv = 0 /\ Wud1e0i9aw = 0 /\ ug4tXAogxzp6j_ = 0 /\ jke = 0 /\ sfedi = 0 /\ j = 0 /\ qC = 0 /\ qzwc955n6mr4k8 = 0
Next == UNCHANGED <<Xd2, G, otk_viv8pB1YtX, sq5, dZ1, rpX2bAY1, hu0nh0, etiq3pdcAv, Wud1e0i9aw, ug4tXAogxzp6j_, jke, sfedi, j, qC, qzwc955n6mr4k8>>
Kpr == Xd2 = 1
====
