---- MODULE T_function_apply_two ----
f == [x, y \in {1} |-> x]
Foo == f[1, 1]
====
