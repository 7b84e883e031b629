---- MODULE T_prec_times_neg ----
Foo == 2 * -3
====
