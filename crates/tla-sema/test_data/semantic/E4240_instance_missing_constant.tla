---- MODULE E4240_instance_missing_constant ----
---- MODULE Inner ----
CONSTANT N
X == N
====
I == INSTANCE Inner
Foo == TRUE
====
