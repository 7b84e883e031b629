---- MODULE Main ----
EXTENDS Relation, Helper, Sequences, Randomization, TLCExt
wYM == 3
bnvONI == 1
lway == 0
LOCAL qCb3 == 9
rUMw == 6
LOCAL qoL_9pg == 6
wdagihJGzwyD == 2
TSWRk(p1, p2) == p1
vqSHvQJ == 1
jXMFhmKBc == 8
Bf17iO2HR(p1, p2) == p1
gPX6exHg0 == 3
OBU4c == 0
VARIABLES adyC0w
rTeaH == 6
wrzZg == 3
LOCAL I4ESALc == 7
LOCAL OE == 1
rdyQT6XMBTSo == 7
Yce1 == 7
LOCAL ps_VO[k \in {1, 2}] == k
RECURSIVE oNR5b6rENXV1(_)
oNR5b6rENXV1(n) == IF n = {} THEN 0 ELSE oNR5b6rENXV1({})
RECURSIVE a9CX3(_)
a9CX3(n) == IF n = {} THEN 0 ELSE a9CX3({})
H2d == 0
TV2efq(p1, p2) == p1
YEhDP_5 == 6
dm(p1, p2) == p1
QpQfc == 0
Gom2OTBveJg3 == 5
hp == 8
TEy == 0
iYVtaeo0a == 8
RECURSIVE M4(_)
LOCAL M4(n) == IF n = {} THEN 0 ELSE M4({})
ekRU == 3
LMF == 9
LOCAL BVbkw == 7
LOCAL Y6Yw == 7
RGE == 4
Ce0Z == 8
rWgvdz1Tu == 4
LOCAL Kkb == 7
FWlCV == 9
ZpAg == 0
LOCAL ElRzM5aIniIh == 3
LOCAL i82DrbrFb(p1, p2) == p1
LOCAL AnKwz[k \in {1, 2}] == k
XDPZ == 2
Qbjp3 == 3
BDSJty == 0
UNaZvRDJV == 7
hsP == 1
LOCAL D8C_HyiVj[k \in {1, 2}] == k
n6ipU == 2
LiVKDc[k \in {1, 2}] == k
DtEXf9 == 7
nRQTi == 8
iopJq == 4
rZ2kE92UdvWy == 4
iWiMUVuUZVP0 == 9
ZiKiOLw == 9
lEVWM == 5
LOCAL FC == INSTANCE Other WITH ggqq5x <- 2
FsfIt == 1
lg == 2
LOCAL V2 == 0
bXAgHd4nK == 2
RECURSIVE hTEHVf(_)
hTEHVf(n) == IF n = {} THEN 0 ELSE hTEHVf({})
OXKrK(p1, p2) == p1
RECURSIVE BYrn(_)
BYrn(n) == IF n = {} THEN 0 ELSE BYrn({})
VARIABLES vZ3Z2qoi, G, lvx2kC71mh, imq, eB, B
MA8gzJclLfqt(p1, p2) == p1
jBs8K9CeKFml == 4
FG == 6
OdwyOYyc6og_ == 0
RECURSIVE Z1(_)
Z1(n) == IF n = {} THEN 0 ELSE Z1({})
W8UyP(p1, p2) == p1
gBIv(p1, p2) == p1
aAv2 == 5
LOCAL INSTANCE Other WITH ggqq5x <- 2
ud91h(p1, p2) == p1
RECURSIVE N9tpoDBoP(_)
N9tpoDBoP(n) == IF n = {} THEN 0 ELSE N9tpoDBoP({})
lE489Ud == 3
hX == 1
LOCAL IGo == 2
wWs030V == 4
RECURSIVE EURIg(_)
EURIg(n) == IF n = {} THEN 0 ELSE EURIg({})
LOCAL dvXIcN == 0
RECURSIVE k77wFeGlxOyh(_)
k77wFeGlxOyh(n) == IF n = {} THEN 0 ELSE k77wFeGlxOyh({})
LOCAL SjZagnNtb == 8
lEUilVA == 5
x9ClON4N8 == 1
LOCAL HgeW6M == 2
NAX == 2
RECURSIVE BA(_)
BA(n) == IF n = {} THEN 0 ELSE BA({})
x3Evru3iOVcH == 1
dcvCXnc == 6
LOCAL P3nem(p1, p2) == p1
LB90Qf5LeHpf[k \in {1, 2}] == k
LOCAL sO9D2RLdIUlX == 9
FdO == 6
LFAnz[k \in {1, 2}] == k
LOCAL zjTnKCtiemdR == 6
tCpw6P == 9
mH9EPgxRGrej == 4
ka2ewh(pa, pb) == INSTANCE Other WITH ggqq5x <- 2
RECURSIVE i2fh(_)
i2fh(n) == IF n = {} THEN 0 ELSE i2fh({})
xkcSMu4iN == 8
nB_4UpsY5 == 8
w8rZkX2bhXmE == 7
U480rShCo == 6
VRk(p1, p2) == p1
LOCAL o77rE0[k \in {1, 2}] == k
LOCAL zGI == 8
Q4Oc == 2
LOCAL y7agIDh == 4
RECURSIVE l40(_)
l40(n) == IF n = {} THEN 0 ELSE l40({})
HKAXY == 6
EH4oBCO(p1, p2) == p1
LOCAL qH[k \in {1, 2}] == k
IZvyIRm == 8
folcpeb == 5
RECURSIVE HWWtoqrjD_ZO(_)
HWWtoqrjD_ZO(n) == IF n = {} THEN 0 ELSE HWWtoqrjD_ZO({})
KOA == 4
GdkeMfbWg == 2
LOCAL E3EER == 7
Init == vZ3Z2qoi = 0 /\ G = 0 /\ lvx2kC71mh = 0 /\ imq = 0 /\ eB = 0 /\ B = 0 /\ adyC0w = 0 /\ CxrdY = 0
Next == UNCHANGED <<vZ3Z2qoi, G, lvx2kC71mh, imq, eB, B, adyC0w, CxrdY>>
gNnJdKeYR == vZ3Z2qoi = 1
====
