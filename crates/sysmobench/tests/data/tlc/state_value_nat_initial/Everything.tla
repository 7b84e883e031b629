---- MODULE Everything ----
EXTENDS Naturals
VARIABLE x
Init == x = Nat
Next == UNCHANGED x
====
