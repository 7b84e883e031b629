---- MODULE UnresolvedOperators ----
VARIABLE x
Difference == 1 - 2
Negative == -3
Closure == {1}^+
Below == 1 \leq (2 .. Missing)
BelowToo == 1 =< 2
Nested == (1 :> 2) @@ (3 :> (4 @@ Unknown))
Called == Undefined(1 .. 2, Other)
====
