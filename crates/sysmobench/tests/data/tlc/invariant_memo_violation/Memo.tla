---- MODULE Memo ----
\* Invariants that read some of the variables: each holds on many states that
\* agree on what it reads, and Bounded is violated on the first state with x = 3.
EXTENDS Naturals, FiniteSets
VARIABLES x, y, seen

Limit == 2
Within(v) == LET bound == Limit IN v <= bound
Count[n \in 0..5] == IF n = 0 THEN 0 ELSE 1 + Count[n - 1]

Init == x = 0 /\ y = 0 /\ seen = {}
Next == \/ /\ y < 3
           /\ y' = y + 1
           /\ seen' = seen \cup {y}
           /\ x' = x
        \/ /\ x < 4
           /\ x' = x + 1
           /\ UNCHANGED <<y, seen>>

SeenSmall == Cardinality(seen) <= 3
YCounted == Count[y] = y
Bounded == Within(x)
====
