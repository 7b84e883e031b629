---- MODULE Other ----
EXTENDS Integers, SequencesExt, Base
CONSTANT v71
wKPLYWb22 == 4
DW4zbw(p1, p2) == p1
KH6IL[k \in {1, 2}] == k
IVYO8c[k \in {1, 2}] == k
LOCAL iOeq2Zv1S == 7
fP3Fy6MPe == 1
THEOREM UewYZW_DtLK1 == TRUE
ASSUME phIc == TRUE
LOCAL INSTANCE Sequences
====
