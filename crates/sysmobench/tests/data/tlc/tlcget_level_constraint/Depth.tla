---- MODULE Depth ----
EXTENDS Naturals, TLC
VARIABLES a, b

Init == a = 0 /\ b = 0
Next == \/ a' = a + 1 /\ b' = b
        \/ b' = b + 2 /\ a' = a

Shallow == TLCGet("level") < 4
====
