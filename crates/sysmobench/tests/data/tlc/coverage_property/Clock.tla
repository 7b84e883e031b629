---- MODULE Clock ----
EXTENDS Naturals
VARIABLES hour, ticks

vars == <<hour, ticks>>

Init == hour \in {1, 2} /\ ticks = 0

Tick == (hour < 4 /\ hour' = hour + 1 /\ ticks' = ticks + 1)

Wrap == \/ (hour = 4 /\ hour' = 1 /\ UNCHANGED ticks)
        \/ (hour = 9 /\ hour' = 1 /\ UNCHANGED ticks)

Next == Tick \/ Wrap

Spec == Init /\ [][Next]_vars

Safe == [](hour <= 4)

TicksBounded == ticks <= 3
====
