---- MODULE T_empty_set ----
Foo == {}
====
