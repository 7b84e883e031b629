---- MODULE Bound ----
EXTENDS Naturals
VARIABLE n

Init == n = 0
Next == n' = n + 1 \/ n' = n + 2

Small == n < 2 \/ 6 \div (n - 2) < 10
====
