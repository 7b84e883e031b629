---- MODULE T_function_set ----
Foo == [{1} -> {2}]
====
