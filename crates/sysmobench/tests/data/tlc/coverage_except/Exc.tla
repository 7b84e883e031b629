---- MODULE Exc ----
EXTENDS Naturals
VARIABLES x, y

Slot(v) == IF v > 1 THEN v ELSE 1

Init == x = [i \in 1..2 |-> [a |-> 0, b |-> 0]] /\ y = 0

Step == /\ y < 3
        /\ x' = [x EXCEPT ![Slot(y)] = [a |-> y, b |-> @.b + 1],
                          ![2].a = y]
        /\ y' = y + 1

Reset == /\ y = 3
         /\ x' = [i \in 1..2 |-> [a |-> 0, b |-> 0]]
         /\ y' = 0

Next == Step \/ Reset

Inv == \A i \in DOMAIN x : x[i].a <= 3
====
