---- MODULE Replay ----
\* Later successors of the failing state's source pass the invariant: TLC's replay of the
\* error adds them to the seen states and to the queue (9 distinct of 6 generated); exit 76.
EXTENDS Naturals
VARIABLES n, pick
Init == n = 0 /\ pick = 0
Next == n < 3 /\ n' = n + 1 /\ pick' \in 1..4
Check == n < 2 \/ pick > 1 \/ 10 \div (pick - pick) > 0
====
