---- MODULE T_prec_mod_chain ----
Foo == 7 % 3 % 2
====
