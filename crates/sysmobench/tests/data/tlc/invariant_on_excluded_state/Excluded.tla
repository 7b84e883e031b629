---- MODULE Excluded ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = x + 1
\* The constraint keeps x <= 2, yet TLC checks invariants on the excluded successor too.
Small == x <= 2
Inv == x <= 2
====
