---- MODULE T_prec_implies_or ----
Foo == TRUE => FALSE \/ TRUE
====
