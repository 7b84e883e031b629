---- MODULE Cov ----
EXTENDS Naturals
VARIABLES x, y

vars == <<x, y>>

Init == x \in {0, 1} /\ y = 0

Inc == x < 3 /\ x' = x + 1 /\ UNCHANGED y

Add(i) == y < 2 /\ y' = y + i /\ x' = x

Never == x > 10 /\ x' = 0 /\ y' = y

Toggle == \/ x = 3 /\ y = 0 /\ y' = 2 /\ x' = x
          \/ x = 3 /\ y = 2 /\ y' = 0 /\ x' = 0

Next == Inc \/ (\E i \in 1..2 : Add(i)) \/ Never \/ Toggle

TypeOK == x \in 0..3 /\ y \in 0..3

Small == x + y < 5
====
