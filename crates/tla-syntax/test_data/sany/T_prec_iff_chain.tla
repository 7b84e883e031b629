---- MODULE T_prec_iff_chain ----
Foo == TRUE <=> TRUE <=> TRUE
====
