---- MODULE E4204_constant_applied ----
CONSTANT N
Foo == N(1)
====
