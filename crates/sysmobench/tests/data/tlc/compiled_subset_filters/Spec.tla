---- MODULE Spec ----
EXTENDS Naturals, FiniteSets
VARIABLES seen
Init == seen = {}
Next == \E p \in 1..4 : p \notin seen /\ seen' = seen \cup {p}
Singletons == {t \in SUBSET seen : Cardinality(t) = 1}
Inv == /\ Cardinality(Singletons) = Cardinality(seen)
       /\ Cardinality({t \in SUBSET seen : 3 \in t}) < 4
====
