---- MODULE T_theorem_by_def ----
Foo == 1
THEOREM Foo = 1
BY DEF Foo
====
