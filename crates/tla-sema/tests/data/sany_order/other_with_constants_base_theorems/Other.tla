---- MODULE Other ----
EXTENDS TLC, Base
nHVE == 7
zPAD == 0
K8FiE == 5
RECURSIVE I8z6iTYxX(_)
I8z6iTYxX(n) == IF n = {} THEN 0 ELSE I8z6iTYxX({})
qpJ == 5
BPT == 0
RECURSIVE CWDnB(_)
CWDnB(n) == IF n = {} THEN 0 ELSE CWDnB({})
RECURSIVE MBlD(_)
MBlD(n) == IF n = {} THEN 0 ELSE MBlD({})
AoMvz == 5
ASSUME g3cE == TRUE
====
