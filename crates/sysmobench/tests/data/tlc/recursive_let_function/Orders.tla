---- MODULE Orders ----
\* A recursive function defined in a LET, referring to itself through another LET definition:
\* the orders in which a set of jobs can run, as sequences.
EXTENDS Naturals, Sequences, FiniteSets
CONSTANT Jobs
VARIABLE queue

Orders(S) ==
  LET orders[rest \in SUBSET S] ==
        IF rest = {} THEN {<<>>}
        ELSE LET extend == [j \in rest |-> {Append(o, j) : o \in orders[rest \ {j}]}]
             IN UNION {extend[j] : j \in rest}
  IN orders[S]

Init == queue \in Orders(Jobs)
Next == Len(queue) > 0 /\ queue' = Tail(queue)

AllOrders == Cardinality(Orders(Jobs)) = 24
====
