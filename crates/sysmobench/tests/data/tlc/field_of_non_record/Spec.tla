---- MODULE Spec ----
\* A field selected from a value that is neither a record nor a function, in an action
\* condition: TLC adds the expression's location to its message.
EXTENDS Naturals
VARIABLES x, y

Ready(a, b) == a = 2 /\ b.kind = 1

Init == x = 0 /\ y = "a"
Grow == x < 3 /\ x' = x + 1 /\ y' = y
Stall == \E i \in 0 .. x : i > 1 /\ Ready(x, y) /\ UNCHANGED << x, y >>
Next == Grow \/ Stall
====
