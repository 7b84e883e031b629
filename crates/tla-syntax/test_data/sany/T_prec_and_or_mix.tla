---- MODULE T_prec_and_or_mix ----
Foo == TRUE /\ FALSE \/ TRUE
====
