---- MODULE Spec ----
\* An action condition that runs compiled and fails to evaluate in a state reached late: the
\* compiled run gives up, and the interpreter reports TLC's error inside the action.
EXTENDS Naturals
VARIABLES x, y

Ready(a, b) == a = 2 /\ b + 1 > 0

Init == x = 0 /\ y = "a"
Grow == x < 3 /\ x' = x + 1 /\ y' = y
Stall == \E i \in 0 .. x : i > 1 /\ Ready(x, y) /\ UNCHANGED << x, y >>
Next == Grow \/ Stall
====
