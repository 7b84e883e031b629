---- MODULE Spec ----
\* Formulas that run compiled and fail to evaluate in a state reached late: the compiled run
\* gives up, and the interpreter reports TLC's error with its positions.
EXTENDS Naturals
VARIABLES x, y

Check(a, b) == a < 2 \/ b + 1 > 0

Init == x = 0 /\ y = "a"
Next == x < 3 /\ x' = x + 1 /\ y' = y

Fine == \A i \in 0 .. x : i <= 3
Broken == Check(x, y)
====
