---- MODULE Tokens ----
EXTENDS Naturals, FiniteSets
CONSTANTS Procs, Nobody, Limit
VARIABLES holder, passes

Init == holder = Nobody /\ passes = 0
Grab(p) == holder = Nobody /\ holder' = p /\ UNCHANGED passes
Pass(p, q) == /\ holder = p /\ q # p /\ passes < Limit
              /\ holder' = q /\ passes' = passes + 1
Release(p) == holder = p /\ holder' = Nobody /\ UNCHANGED passes
Next == \E p \in Procs : Grab(p) \/ Release(p) \/ \E q \in Procs : Pass(p, q)

TypeOK == holder \in Procs \cup {Nobody} /\ passes \in 0..Limit
FewPasses == passes < 2 \/ holder = Nobody
====
