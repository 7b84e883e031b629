---- MODULE T_prec_assign ----
Foo == 1 := 2
====
