---- MODULE Shapes ----
EXTENDS Naturals
VARIABLES f, s, p, q, r
Init == /\ f = [n \in 1..3 |-> n * n]
        /\ s = {y \in 1..5 : y < 3}
        /\ p = SUBSET {1, 2}
        /\ q = [{1, 2} -> BOOLEAN]
        /\ r = [a : {1}, b : {"on", "off"}]
Next == /\ f' = [n \in {4, 5} |-> n + 1]
        /\ s' = {y \in s : y > 1}
        /\ p' = {1, 2} \X {3}
        /\ q' = UNION {{1}, {2, 3}}
        /\ r' = (1..3) \ {2}
Unchanged == s = {1, 2}
====
