---- MODULE T_def_after_theorem ----
THEOREM TRUE
Foo == 1
====
