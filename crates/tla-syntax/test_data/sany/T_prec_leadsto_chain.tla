---- MODULE T_prec_leadsto_chain ----
Foo == TRUE ~> TRUE ~> TRUE
====
