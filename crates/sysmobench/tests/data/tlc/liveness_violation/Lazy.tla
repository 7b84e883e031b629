---- MODULE Lazy ----
EXTENDS Naturals
VARIABLES done, work
vars == <<done, work>>

Init == done = FALSE /\ work = 0
Step == work < 2 /\ work' = work + 1 /\ UNCHANGED done
Finish == work = 2 /\ done' = TRUE /\ UNCHANGED work
Next == Step \/ Finish

Spec == Init /\ [][Next]_vars /\ WF_vars(Step)
EventuallyDone == <>done
====
