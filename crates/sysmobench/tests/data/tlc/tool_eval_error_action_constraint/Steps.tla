---- MODULE Steps ----
EXTENDS Naturals
VARIABLE n

Init == n = 0
Next == n' = n + 1

Growth == n' < 2 \/ n' \div (n' - 2) < 10
====
