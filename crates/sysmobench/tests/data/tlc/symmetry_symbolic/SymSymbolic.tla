---- MODULE SymSymbolic ----
\* Symmetry on states whose variables are given symbolic values (a set filter, SUBSET, a set of
\* functions, a lazy function), which are enumerated before the state is hashed.
EXTENDS Naturals, FiniteSets, TLC
CONSTANT People
VARIABLES seen, others, choices, rank

Init == /\ seen = {}
        /\ others = [p \in People |-> {}]
        /\ choices = {}
        /\ rank = [p \in People |-> 0]

Add(p) == /\ p \notin seen
          /\ seen' = seen \cup {p}
          /\ others' = [others EXCEPT ![p] = {q \in People : q # p /\ q \notin seen}]
          /\ choices' = IF Cardinality(seen) = 1 THEN SUBSET seen ELSE [seen -> {p}]
          /\ rank' = [q \in People |-> IF q = p THEN Cardinality(seen) + 1 ELSE rank[q]]

Drop(p) == /\ p \in seen
           /\ seen' = seen \ {p}
           /\ others' = [q \in People |-> others[q] \ {p}]
           /\ choices' = {}
           /\ UNCHANGED rank

Next == \E p \in People : Add(p) \/ Drop(p)

Perms == Permutations(People)
====
