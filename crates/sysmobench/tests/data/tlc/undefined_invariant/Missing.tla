---- MODULE Missing ----
EXTENDS Naturals
VARIABLE x

Init == x = 0
Next == x' = 1 - x
Safe == x \in {0, 1}
====
