---- MODULE E4204_instance_operator_arity ----
---- MODULE Inner ----
X(a) == a
====
I == INSTANCE Inner
Foo == I!X
====
