---- MODULE Share ----
EXTENDS Naturals
VARIABLE k

Init == k = 0
Next == k' = k + 1 /\ 12 \div (k - 2) < 100
====
