---- MODULE Other ----
EXTENDS SequencesExt, Base
uHcqXUH[k \in {1, 2}] == k
LOCAL cm == 8
dJ9bxjd[k \in {1, 2}] == k
CKIl6em[k \in {1, 2}] == k
X0Cb832Ve == 0
gceap(p1, p2) == p1
bzC5wNr == 0
qbQqGFT32 == 0
y1xnK == 6
EShqy5Y == 0
SUcSu0mNPMmw == 6
f5AFn6L9o == 6
zI(p1, p2) == p1
ASSUME rhBFlF3SL == TRUE
LOCAL INSTANCE FiniteSets
====
