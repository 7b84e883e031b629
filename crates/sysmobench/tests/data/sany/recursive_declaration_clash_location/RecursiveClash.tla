---- MODULE RecursiveClash ----
EXTENDS Naturals
CONSTANTS One, Norm
RECURSIVE Norm(_)
Norm(p) == IF p = 0 THEN 0 ELSE Norm(p - 1)
====
