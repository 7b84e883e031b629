---- MODULE Small ----
EXTENDS Naturals
VARIABLE x
Init == x = {}
Next == x' = {y \in Nat : y < 3}
====
