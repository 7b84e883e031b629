---- MODULE Ring ----
EXTENDS Naturals
VARIABLE pos
Init == pos = 0
Move == pos' = (pos + 1) % 3
Spec == Init /\ [][Move]_pos /\ WF_pos(Move)
ReachesThree == <>(pos = 3)
====
