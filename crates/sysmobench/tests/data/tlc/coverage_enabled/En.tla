---- MODULE En ----
EXTENDS Naturals
VARIABLES x, on

vars == <<x, on>>

Init == x = 0 /\ on = TRUE

Inc == /\ on
       /\ x < 3
       /\ x' = x + 1
       /\ UNCHANGED on

Off == /\ x = 3
       /\ on' = FALSE
       /\ UNCHANGED x

Next == Inc \/ Off

Spec == Init /\ [][Next]_vars /\ WF_vars(Next)

CanMove == on => ENABLED Next

Reaches == <>(x = 3)

Settles == <>[](on = FALSE)
====
