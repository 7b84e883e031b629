---- MODULE T_prec_eq_and ----
Foo == 1 = 1 /\ 2 = 2
====
