---- MODULE T_prec_atat_chain ----
Foo == (1 :> 2) @@ (2 :> 3) @@ (3 :> 4)
====
