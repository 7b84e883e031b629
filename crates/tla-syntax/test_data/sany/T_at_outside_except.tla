---- MODULE T_at_outside_except ----
Foo == @ + 1
====
