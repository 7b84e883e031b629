---- MODULE T_prec_cdot ----
VARIABLE x
A == x' = x
Foo == A \cdot A
====
