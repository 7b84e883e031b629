---- MODULE T_constant_ops ----
CONSTANT F(_, _), _ ** _, -. _
Foo == 1
====
