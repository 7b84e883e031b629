---- MODULE T_minus_dot_ref ----
Foo == -.1
====
