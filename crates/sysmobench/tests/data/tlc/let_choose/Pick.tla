---- MODULE Pick ----
EXTENDS Naturals, FiniteSets, Sequences
VARIABLES pool, taken

Init == pool = {3, 1, 4, 5} /\ taken = << >>
Next == /\ pool # {}
        /\ LET m == CHOOSE e \in pool : \A o \in pool : e <= o
               rest == pool \ {m}
           IN /\ pool' = rest
              /\ taken' = taken \o <<m>>

Sorted == \A i \in 1..Len(taken) - 1 : taken[i] < taken[i + 1]
Sizes == Cardinality(pool) + Len(taken) = 4
====
