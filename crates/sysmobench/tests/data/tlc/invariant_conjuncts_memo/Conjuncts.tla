---- MODULE Conjuncts ----
\* A type invariant whose conjuncts each read one variable: each conjunct holds
\* on many states that agree on its variable; the second is violated when y = 3.
EXTENDS Naturals
VARIABLES x, y

Init == x = 0 /\ y = 0
Next == \/ x < 3 /\ x' = x + 1 /\ y' = y
        \/ y < 3 /\ y' = y + 1 /\ x' = x

TypeOK == /\ x \in 0..3
          /\ y \in 0..2
====
