---- MODULE T_except_missing_bang ----
r == [a |-> 1]
Foo == [r EXCEPT .a = 2]
====
