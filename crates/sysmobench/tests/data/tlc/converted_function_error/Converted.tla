---- MODULE Converted ----
\* A LET function compared before it is applied outside its domain: the comparison turns TLC's
\* lazy function into a plain one, so the message is "Attempted to apply function ...". Also
\* the positions of a disjunction and a quantifier nested in the invariant.
EXTENDS Naturals
VARIABLES x, table
Init == x = 0 /\ table = [i \in 0..2 |-> i * 2]
Next == x < 4 /\ x' = x + 1 /\ table' = table
Consistent == x < 10 /\ \E k \in {1, 2} :
                 LET same == [i \in 0..2 |-> i * 2]
                 IN (same = table) /\ (k = 5 \/ same[x + 1] >= 0)
====
