---- MODULE Climb ----
EXTENDS Naturals
VARIABLES h, dir

Init == h = 0 /\ dir = "up"
Next == \/ dir = "up" /\ h < 4 /\ h' = h + 1 /\ dir' = dir
        \/ dir = "up" /\ h = 4 /\ dir' = "down" /\ h' = h
        \/ dir = "down" /\ h > 0 /\ h' = h - 1 /\ dir' = dir
        \/ dir = "down" /\ h = 0 /\ dir' = "up" /\ h' = h

Spec == Init /\ [][Next]_<<h, dir>>
Low == [](h < 3)
====
