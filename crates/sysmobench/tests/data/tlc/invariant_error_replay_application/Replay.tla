---- MODULE Replay ----
\* TLC's replay of the error meets the same failure on a later successor of the source, a
\* function applied outside its domain: the positions are listed and the exit code is 75.
EXTENDS Naturals
VARIABLES n, pick
Init == n = 0 /\ pick = 0
Next == n < 3 /\ n' = n + 1 /\ pick' \in 1..3
Check == n < 2 \/ [i \in 1..2 |-> i][pick + 5] > 0
====
