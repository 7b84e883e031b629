---- MODULE Fail ----
EXTENDS Naturals
VARIABLES x

f == [i \in 0..1 |-> i * 10]

Init == x = 0

Up == x < 3 /\ x' = x + 1

Read == x > 1 /\ x' = f[x]

Idle == x > 5 /\ UNCHANGED x

Next == Up \/ Read \/ Idle
====
