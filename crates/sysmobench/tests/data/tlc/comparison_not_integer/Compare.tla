---- MODULE Compare ----
\* An integer comparison whose argument is a string: TLC's error, in an invariant, with the
\* trace that reaches it.
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == /\ x' = x + 1
        /\ y' = IF x < 2 THEN x ELSE "done"
Ok == x <= 5
Broken == y < 3
====
