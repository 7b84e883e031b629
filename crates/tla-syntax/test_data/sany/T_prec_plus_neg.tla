---- MODULE T_prec_plus_neg ----
Foo == 1 + -2
====
