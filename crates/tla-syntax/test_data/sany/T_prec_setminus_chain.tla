---- MODULE T_prec_setminus_chain ----
Foo == {1} \ {2} \ {3}
====
