---- MODULE T_fcn_apply_in ----
f == [x \in BOOLEAN |-> x]
Foo == f[1 \in {1}]
====
