---- MODULE Lengths ----
\* `Len` of sequences stored as tuples and as functions on 1..n, and integer comparisons in
\* formulas and as values; the invariant is violated once both have grown.
EXTENDS Naturals, Sequences
VARIABLES queue, other
Init == /\ queue = <<>>
        /\ other = [i \in 1..2 |-> i]
Next == \/ /\ Len(queue) < 4
           /\ queue' = Append(queue, Len(other))
           /\ UNCHANGED other
        \/ /\ Len(queue) > 0
           /\ queue' = Tail(queue)
           /\ other' = [i \in 1..((Len(other) % 3) + 1) |-> i]
Small == Len(queue) + Len(other) <= 6 /\ (Len(other) >= 1) = TRUE
====
