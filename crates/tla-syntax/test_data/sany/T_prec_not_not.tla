---- MODULE T_prec_not_not ----
Foo == ~~TRUE
====
