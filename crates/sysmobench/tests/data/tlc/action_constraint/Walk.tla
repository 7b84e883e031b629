---- MODULE Walk ----
EXTENDS Naturals
VARIABLES pos, steps

Init == pos = 0 /\ steps = 0
Next == /\ steps < 6
        /\ \E d \in {1, 2, 3} : pos' = (pos + d) % 10
        /\ steps' = steps + 1

NoBigJump == pos' - pos # 3
====
