---- MODULE Main ----
VARIABLES a, b, c, d, e, g, h, i, j, k, l, m
vars == <<a, b, c, d, e, g, h, i, j, k, l, m>>
Init == a = 0 /\ b = 0 /\ c = 0 /\ d = 0 /\ e = 0 /\ g = 0 /\ h = 0 /\ i = 0 /\ j = 0 /\ k = 0 /\ l = 0 /\ m = 0
Next == UNCHANGED vars
Inv == a = 1
====
