---- MODULE Printing ----
\* PrintT in the next-state relation and an invariant violated at depth 4: TLC evaluates the
\* trace's steps again when it prints the trace (one before the header, one before each of
\* the last two states) and once more after it, so the lines come again in those places.
EXTENDS Naturals, TLC
VARIABLES x
Init == x = 0
Next == x < 4 /\ PrintT(<<"step", x>>) /\ x' = x + 1
Small == x < 3
====
