---- MODULE T_prec_minus_minus ----
Foo == 1 - -2
====
