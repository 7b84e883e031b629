---- MODULE Seed ----
EXTENDS Naturals
VARIABLE v

Init == v = 6 \div 0
Next == v' = v
====
