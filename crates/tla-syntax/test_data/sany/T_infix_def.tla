---- MODULE T_infix_def ----
a ++ b == a
Foo == 1 ++ 2
====
