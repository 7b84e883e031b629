---- MODULE Nested ----
\* An invariant that fails on the initial state inside a disjunction, a quantifier, an IF and
\* a LET nested in it: TLC lists each of them among the positions.
EXTENDS Naturals
VARIABLES x, table
Init == x = 0 /\ table = [i \in 1..2 |-> i]
Next == x < 2 /\ x' = x + 1 /\ table' = table
Checked == /\ x >= 0
           /\ \E k \in {1, 2} :
                 IF k > 0
                 THEN LET limit == 3 IN (k = limit \/ table[x + limit] = 0)
                 ELSE TRUE
====
