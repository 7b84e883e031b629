---- MODULE Single ----
EXTENDS Naturals
VARIABLE n

Init == n = 1
Next == n' = n * 2

Small == n < 20
====
