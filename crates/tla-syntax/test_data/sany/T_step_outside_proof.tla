---- MODULE T_step_outside_proof ----
Foo == <1>1
====
