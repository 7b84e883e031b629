---- MODULE Identity ----
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = [n \in Nat |-> n]
====
