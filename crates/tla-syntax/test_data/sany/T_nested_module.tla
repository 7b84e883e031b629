---- MODULE T_nested_module ----
---- MODULE Inner ----
X == 1
====
Foo == 1
====
