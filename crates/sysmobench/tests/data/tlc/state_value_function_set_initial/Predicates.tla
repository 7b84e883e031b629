---- MODULE Predicates ----
EXTENDS Naturals
VARIABLE x
Init == x = [Nat -> BOOLEAN]
Next == UNCHANGED x
====
