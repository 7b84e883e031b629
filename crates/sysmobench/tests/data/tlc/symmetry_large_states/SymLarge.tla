---- MODULE SymLarge ----
\* Symmetry on states that hold sets of hundreds of records naming model values, so that one
\* state has more shared sub-values than the checker's image cache starts with.
EXTENDS Naturals, FiniteSets, TLC
CONSTANT People
VARIABLES hist, step

Init == /\ hist = {}
        /\ step = 0

Next == /\ step < 4
        /\ \E p \in People :
              /\ hist' = hist \cup {[who |-> p, at |-> step, k |-> i] : i \in 1..400}
              /\ step' = step + 1

Bounded == Cardinality(hist) <= 1600

Perms == Permutations(People)
====
