---- MODULE T_prec_neg_power ----
Foo == -2^2
====
