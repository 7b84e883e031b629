---- MODULE Seats ----
EXTENDS Naturals, TLC
CONSTANT People
VARIABLE seated

Init == seated = {}
Sit(p) == p \notin seated /\ seated' = seated \cup {p}
Leave(p) == p \in seated /\ seated' = seated \ {p}
Next == \E p \in People : Sit(p) \/ Leave(p)

Perms == Permutations(People)
====
