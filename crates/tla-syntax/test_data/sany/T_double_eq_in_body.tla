---- MODULE T_double_eq_in_body ----
Foo == 1 == 2
====
