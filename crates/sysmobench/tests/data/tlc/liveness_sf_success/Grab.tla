---- MODULE Grab ----
EXTENDS Naturals
VARIABLES light, taken
vars == <<light, taken>>
Init == light = 0 /\ taken = FALSE
Toggle == light' = 1 - light /\ UNCHANGED taken
Take == light = 0 /\ ~taken /\ taken' = TRUE /\ UNCHANGED light
Next == Toggle \/ Take
Spec == Init /\ [][Next]_vars /\ WF_vars(Toggle) /\ SF_vars(Take)
WeakSpec == Init /\ [][Next]_vars /\ WF_vars(Toggle) /\ WF_vars(Take)
EventuallyTaken == <>taken
====
