---- MODULE LazyNat ----
\* A function over Nat (kept lazy by TLC, which cannot enumerate its domain) applied outside
\* its domain: TLC names its body by its location in the message.
EXTENDS Naturals
VARIABLES x
Init == x = 0
Next == x < 2 /\ x' = x + 1
Successor == [n \in Nat |-> n + 1]
Positive == Successor[x - 1] > 0
====
