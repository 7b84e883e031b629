---- MODULE Steps ----
EXTENDS Naturals
VARIABLE n

Init == n = 0
Next == n' = n + 1

Step == n' < 2 \/ n' \div (n' - 2) < 10
Steady == [][Step]_n
====
