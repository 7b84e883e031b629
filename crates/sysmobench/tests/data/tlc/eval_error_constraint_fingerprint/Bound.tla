---- MODULE Bound ----
EXTENDS Naturals
VARIABLE n

Init == n = 1
Next == n' = n + 1

Small == <<TRUE, TRUE>>[n]
====
