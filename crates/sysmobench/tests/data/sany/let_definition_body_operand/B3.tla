---- MODULE B3 ----
EXTENDS Naturals
Op == 1 + (LET A(y) == y + 1 IN A(2))
U == Op!2!A(3)!3
====
