---- MODULE T_not_bang ----
Foo == !TRUE
====
