---- MODULE Filter ----
\* The set of a set filter is evaluated once: its coverage counts equal the filter's.
EXTENDS Naturals, FiniteSets
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3
Inv == Cardinality({e \in {x, x + 1} : e > 0}) >= 0
====
