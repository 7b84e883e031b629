---- MODULE Shapes ----
EXTENDS Naturals, Sequences
VARIABLES f, rec, log, bag, name

Init == /\ f = [i \in 1..3 |-> 0]
        /\ rec = [kind |-> "idle", count |-> 0]
        /\ log = << >>
        /\ bag = {}
        /\ name = "none"

Step(i) == /\ f' = [f EXCEPT ![i] = @ + 1]
           /\ rec' = [rec EXCEPT !.kind = "busy", !.count = @ + i]
           /\ log' = Append(log, i)
           /\ bag' = bag \cup {i}
           /\ name' = IF i = 2 THEN "two" ELSE "other"

Next == \E i \in 1..3 : Step(i)

Limit == rec.count < 4
====
