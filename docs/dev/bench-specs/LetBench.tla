---- MODULE LetBench ----
\* Speed of LET values computed once per evaluation of their LET (docs/dev/benchmarks.md): a
\* set bound with LET and used several times, in an invariant and in the value of y'.
EXTENDS Naturals, FiniteSets
CONSTANTS N, K
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == /\ x < K
        /\ x' = x + 1
        /\ y' = LET Products == {i * j : i \in 1..N, j \in 1..N}
                    Small == {p \in Products : p < x + N}
                IN  (y + Cardinality(Small) + Cardinality(Products)) % 7
        \/ /\ y < K
           /\ y' = y + 1
           /\ UNCHANGED x
Inv == LET Products == {i * j : i \in 1..N, j \in 1..N}
       IN  /\ \A v \in 1..N : v * v \in Products
           /\ x \in Products \cup {0} \cup (N..K)
           /\ Cardinality(Products) > N
====
