---- MODULE T_apply_chain ----
f == [x \in {1} |-> [y \in {1} |-> y]]
Foo == f[1][1]
====
