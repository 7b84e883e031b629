---- MODULE Idle ----
EXTENDS Naturals
VARIABLE level
Init == level = 0
Raise == level < 2 /\ level' = level + 1
Spec == Init /\ [][Raise]_level
Raised == <>(level = 2)
====
