---- MODULE Diamond ----
\* Two counters stepped in either order: most states are reached along two
\* paths within one level, yet an invariant is evaluated once per new state.
EXTENDS Naturals, TLC
VARIABLES x, y

Init == x = 0 /\ y = 0
Next == \/ x < 2 /\ x' = x + 1 /\ y' = y
        \/ y < 2 /\ y' = y + 1 /\ x' = x

\* Prints the state it is checked in, and holds.
Announced == PrintT(<<"checked", x, y>>)
====
