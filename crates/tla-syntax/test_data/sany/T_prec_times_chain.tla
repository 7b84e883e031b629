---- MODULE T_prec_times_chain ----
Foo == {1} \X {2} \X {3}
====
