---- MODULE Request ----
EXTENDS Naturals
VARIABLES pending, served
vars == <<pending, served>>
Init == pending = FALSE /\ served = FALSE
Ask == ~pending /\ pending' = TRUE /\ UNCHANGED served
Grant == pending /\ ~served /\ served' = TRUE /\ UNCHANGED pending
Next == Ask \/ Grant
Spec == Init /\ [][Next]_vars /\ WF_vars(Ask)
Answered == pending ~> served
====
