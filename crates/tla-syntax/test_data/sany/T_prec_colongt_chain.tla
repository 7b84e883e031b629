---- MODULE T_prec_colongt_chain ----
Foo == 1 :> 2 :> 3
====
