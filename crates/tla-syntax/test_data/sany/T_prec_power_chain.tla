---- MODULE T_prec_power_chain ----
Foo == 2^3^2
====
