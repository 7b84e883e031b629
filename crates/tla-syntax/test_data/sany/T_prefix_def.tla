---- MODULE T_prefix_def ----
-. a == a
Foo == 1
====
