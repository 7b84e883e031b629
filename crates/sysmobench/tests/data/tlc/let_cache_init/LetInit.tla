---- MODULE LetInit ----
\* LET in the initial predicate: bound (computed once) where TLC evaluates it as a value or as
\* a condition after every variable is assigned; walked (computed at each use) before that.
EXTENDS Naturals, TLC
VARIABLES x, y, z

Init == /\ LET w == PrintT("walked before x is assigned") IN w /\ w /\ x \in {0, 1}
        /\ y = LET d == PrintT(<<"value of y", x>>) IN IF d /\ d THEN x + 1 ELSE 0
        /\ z = LET s == IF PrintT(<<"set of z", x>>) THEN {x, x + 5} ELSE {} IN s \cup s
        /\ LET c == PrintT(<<"condition after all are assigned", x, y, z>>) IN c /\ c

Next == UNCHANGED <<x, y, z>>
====
