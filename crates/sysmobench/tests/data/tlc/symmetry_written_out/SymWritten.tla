---- MODULE SymWritten ----
\* A SYMMETRY set whose permutations are written out one by one: TLC takes each element for
\* a symmetry set of fewer than two elements, warns, and reduces nothing.
EXTENDS Naturals, TLC
CONSTANTS p1, p2, p3
VARIABLES holder, rounds
Procs == {p1, p2, p3}
Init == holder = p1 /\ rounds = 0
Pass(p) == holder' = p /\ rounds' = (rounds + 1) % 3
Next == \E p \in Procs : Pass(p)
Written == {(p1 :> p2 @@ p2 :> p1 @@ p3 :> p3),
            (p1 :> p2  @@  p2 :> p3 @@ p3 :> p1)}
====
