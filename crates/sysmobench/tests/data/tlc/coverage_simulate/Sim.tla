---- MODULE Sim ----
EXTENDS Naturals
VARIABLES x, y

Wrap(v) == IF v < 3 THEN v + 1 ELSE 0

Init == x = 0 /\ y = 0

Next == /\ x' = Wrap(x)
        /\ y' = IF x = 3 THEN (y + 1) % 2 ELSE y

Inv == /\ x \in 0..3
       /\ y \in {0, 1}

Small == x + y < 5
====
