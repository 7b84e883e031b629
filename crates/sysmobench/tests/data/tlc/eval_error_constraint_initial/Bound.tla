---- MODULE Bound ----
EXTENDS Naturals
VARIABLE n

Init == n \in {3, 2}
Next == n' = n + 1

Small == n < 2 \/ 6 \div (n - 2) < 10
====
