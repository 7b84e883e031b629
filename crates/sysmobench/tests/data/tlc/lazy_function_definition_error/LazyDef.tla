---- MODULE LazyDef ----
\* A definition that reads a variable and is a constructor, applied in an action outside its
\* domain (lazy in TLC), next to a constant definition applied inside it (TLC computes that
\* at start-up, as a plain function).
EXTENDS Naturals
VARIABLES x, seen
Weights == [i \in 1..3 |-> i * 10]
Offsets == [i \in 1..2 |-> x + i]
Init == x = 1 /\ seen = 0
Next == /\ x < 5
        /\ x' = x + 1
        /\ seen' = Weights[1] + Offsets[x]
====
