---- MODULE Edge ----
EXTENDS Naturals
VARIABLE m

Init == m = 0
Next == m' = m + 1

Inside == m < 2
Safe == m < 2 \/ 4 \div (m - 2) > 0
====
