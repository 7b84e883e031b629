---- MODULE T_prec_times_in ----
Foo == <<1, 2>> \in {1} \X {2}
====
