---- MODULE T_prec_ampamp ----
a && b == a
Foo == 1 && 2
====
