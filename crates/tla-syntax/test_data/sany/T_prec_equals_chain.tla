---- MODULE T_prec_equals_chain ----
Foo == 1 = 1 = TRUE
====
