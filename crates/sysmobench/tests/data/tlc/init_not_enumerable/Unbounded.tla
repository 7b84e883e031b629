---- MODULE Unbounded ----
EXTENDS Naturals
VARIABLE x

Init == x \in Nat
Next == x' = x + 1
====
