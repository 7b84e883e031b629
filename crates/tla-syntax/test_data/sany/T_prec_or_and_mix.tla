---- MODULE T_prec_or_and_mix ----
Foo == TRUE \/ FALSE /\ TRUE
====
