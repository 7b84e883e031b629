---- MODULE SymSmall ----
\* SYMMETRY over unions of Permutations sets: a one-element constant set next to a larger one
\* is named in TLC's warning while the larger set still reduces (Partial); when every operand
\* has fewer than two elements (Lone) TLC warns about each and reduces nothing.
EXTENDS Naturals, TLC
CONSTANTS Solo, Team, Other
VARIABLES lead, seen
Init == lead \in Team /\ seen = {}
Next == \E t \in Team \cup Solo : lead' = t /\ seen' = (seen \cup {t}) \ Solo
Partial == Permutations(Solo) \cup Permutations(Team)
Lone == Permutations(Solo) \cup Permutations({Other})
====
