---- MODULE Partial ----
EXTENDS Naturals
VARIABLES u, v

Init == u = 0 /\ v = 0
Next == /\ u < 2
        /\ u' = u + 1
        /\ IF u = 1 THEN v' = 5 ELSE TRUE
====
