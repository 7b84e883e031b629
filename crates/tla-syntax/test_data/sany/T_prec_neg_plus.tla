---- MODULE T_prec_neg_plus ----
Foo == -1 + 2
====
