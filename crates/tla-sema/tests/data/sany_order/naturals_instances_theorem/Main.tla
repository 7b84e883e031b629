---- MODULE Main ----
EXTENDS Naturals
MABl7M5KC == 0
cjnvZ == 7
LOCAL yO == 4
fjq9Bz == 1
njgWrh0cs == 8
LOCAL ksUJfrxo9 == 5
ffGXVl8priuE == 2
NEDU == 6
o_ajK == 7
DypshaA == 8
LOCAL t1 == 9
SG_CK3 == 4
UKBQtnP == 6
si == 0
bUzaNHe == 8
LOCAL k4km == 0
hsb1H8 == 5
LOCAL wu(p1, p2) == p1
ocM == 1
ASSUME J8tUCKSTQ == TRUE
LOCAL oE5QU2zFLRdp == INSTANCE Integers
I01 == 5
XJcQlDT == 6
m7Us2 == 6
G172Ns5EW(p1, p2) == p1
VARIABLES vC7m, xg3jgumC, gwdX, OeCvY
EsTh4grZX == 3
JwqdojDWF == 9
Rph == 7
kfhqKGh == 7
uU == 6
a \sqcap b == a
VARIABLES G7, P
RU1LSFdX75Wi == 1
IHWFj(p1, p2) == p1
LOCAL INSTANCE Naturals
RpeNDhF == 5
ZhpG8n[k \in {1, 2}] == k
RECURSIVE flt9(_)
flt9(n) == IF n = {} THEN 0 ELSE flt9({})
WVpbRUYPw == 1
ufaggYX2C == 0
PqPVWX == 9
LOCAL shHw5zpTa == 9
LOCAL F3UI == 1
kKn5AkNmKC1P == 3
IF5A9H3pU(p1, p2) == p1
Init == vC7m = 0 /\ xg3jgumC = 0 /\ gwdX = 0 /\ OeCvY = 0 /\ G7 = 0 /\ P = 0
Next == UNCHANGED <<vC7m, xg3jgumC, gwdX, OeCvY, G7, P>>
Cgwj == vC7m = 1
====
