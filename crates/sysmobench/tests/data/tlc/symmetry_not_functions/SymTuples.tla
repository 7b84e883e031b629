---- MODULE SymTuples ----
\* A SYMMETRY set of tuples: TLC wants functions built by :> and @@ or Permutations.
EXTENDS Naturals, TLC
CONSTANTS a, b
VARIABLE x
Init == x = a
Next == x' = IF x = a THEN b ELSE a
Tuples == {<<a, b>>, <<b, a>>}
====
