---- MODULE Main ----
EXTENDS FiniteSets, Integers, Bags
---- MODULE Inner ----
wvjbZAE6z == 2
V8e == 4
====
W4[k \in {1, 2}] == k
B6B[k \in {1, 2}] == k
RECURSIVE aL3q(_)
aL3q(n) == IF n = {} THEN 0 ELSE aL3q({})
RECURSIVE uOHIJTBD1TWH(_)
uOHIJTBD1TWH(n) == IF n = {} THEN 0 ELSE uOHIJTBD1TWH({})
VARIABLE o1YfpYf1
bs[k \in {1, 2}] == k
iO5cNtyZMbFP == 7
t4K98PM == 1
VARIABLES RlCpzA, Xb
iuC == 2
EbHJpi == 5
FWtT[k \in {1, 2}] == k
ec == 7
RECURSIVE GWI8NXuR3(_)
GWI8NXuR3(n) == IF n = {} THEN 0 ELSE GWI8NXuR3({})
LOCAL Cl5 == 9
IIkK == 0
ctS39i8yy(p1, p2) == p1
iNG9d_IbIN90 == 9
VARIABLES ue4n2, L4yl, u9, Cy7d9syAj8YxYX, On, PB1, N1iz55vC, v, Gowr, sjke
lJ32j[k \in {1, 2}] == k
jbcIUjj == INSTANCE Naturals
fNgNux(p1, p2) == p1
Hqze7Q9JO == 4
n_ == 5
Init == ue4n2 = 0 /\ L4yl = 0 /\ u9 = 0 /\ Cy7d9syAj8YxYX = 0 /\ On = 0 /\ PB1 = 0 /\ N1iz55vC = 0 /\ v = 0 /\ Gowr = 0 /\ sjke = 0 /\ RlCpzA = 0 /\ Xb = 0 /\ o1YfpYf1 = 0
Next == UNCHANGED <<ue4n2, L4yl, u9, Cy7d9syAj8YxYX, On, PB1, N1iz55vC, v, Gowr, sjke, RlCpzA, Xb, o1YfpYf1>>
qeLRy == ue4n2 = 1
====
