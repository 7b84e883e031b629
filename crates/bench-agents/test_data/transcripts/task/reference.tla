---- MODULE spin ----
VARIABLE locked
Init == locked = FALSE
Next == locked' = ~locked
Spec == Init /\ [][Next]_locked
====
