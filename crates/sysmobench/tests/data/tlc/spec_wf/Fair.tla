---- MODULE Fair ----
EXTENDS Naturals
VARIABLES pc, count
vars == <<pc, count>>

Init == pc = "a" /\ count = 0
A == pc = "a" /\ pc' = "b" /\ count' = count + 1
B == pc = "b" /\ count < 3 /\ pc' = "a" /\ UNCHANGED count
Done == pc = "b" /\ count = 3 /\ UNCHANGED vars
Next == A \/ B \/ Done

Spec == Init /\ [][Next]_vars /\ WF_vars(Next)
TypeOK == pc \in {"a", "b"} /\ count \in 0..3
====
