---- MODULE T_prec_implies_chain ----
Foo == TRUE => TRUE => TRUE
====
