---- MODULE Tick ----
EXTENDS Naturals
VARIABLES mode, ticks

Init == mode = 0 /\ ticks = 0
Next == /\ ticks < 8
        /\ mode' = (mode + 1) % 3
        /\ ticks' = ticks + 1

ModeOnly == mode
====
