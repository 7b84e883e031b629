---- MODULE Clock ----
EXTENDS Naturals
VARIABLE hour

Init == hour = 0
Tick == hour' = hour + 1
Spec == Init /\ [][Tick]_hour

Labels == <<"one", "two">>
Named == [](hour = 0 \/ Labels[hour] # "none")
====
