---- MODULE T_prec_lt_chain ----
Foo == 1 < 2 < 3
====
