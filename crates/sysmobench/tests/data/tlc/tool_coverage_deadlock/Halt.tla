---- MODULE Halt ----
EXTENDS Naturals
VARIABLES pc, n

Init == pc \in {"a", "b"} /\ n = 0

Work == pc = "a" /\ n < 2 /\ n' = n + 1 /\ pc' = pc

Finish == pc = "a" /\ n = 2 /\ pc' = "done" /\ n' = n

Switch == pc = "b" /\ pc' = "a" /\ n' = n

Unused == pc = "z" /\ pc' = "a" /\ n' = n

Next == Work \/ Finish \/ Switch \/ Unused
====
