---- MODULE Counter ----
EXTENDS Naturals
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\ y = 0
Inc == x < 3 /\ x' = x + 1 /\ UNCHANGED y
Reset == x = 3 /\ x' = 0 /\ y' = 1 - y
Next == Inc \/ Reset
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)
ReachesTop == <>(x = 3)
Recurring == []<>(x = 0)
Progress == (x = 1) ~> (x = 2)
====
