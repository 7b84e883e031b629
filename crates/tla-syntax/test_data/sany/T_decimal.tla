---- MODULE T_decimal ----
Foo == 3.14
====
