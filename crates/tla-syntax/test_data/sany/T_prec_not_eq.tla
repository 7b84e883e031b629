---- MODULE T_prec_not_eq ----
Foo == ~ 1 = 2
====
