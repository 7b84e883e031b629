---- MODULE Lookup ----
EXTENDS Naturals
VARIABLES i, total

table == [k \in 1..3 |-> k * 10]

Init == i = 1 /\ total = 0
Next == /\ i' = i + 1
        /\ total' = total + table[i]
====
