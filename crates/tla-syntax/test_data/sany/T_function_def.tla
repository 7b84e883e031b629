---- MODULE T_function_def ----
f[x \in {1}, y \in {2}] == x + y
Foo == f[1, 2]
====
