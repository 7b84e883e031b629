---- MODULE Main ----
VARIABLES f, rec, log, bag, name
Init == f = 0 /\ rec = 0 /\ log = 0 /\ bag = 0 /\ name = 0
Next == UNCHANGED <<f, rec, log, bag, name>>
Inv == f = 1
====
