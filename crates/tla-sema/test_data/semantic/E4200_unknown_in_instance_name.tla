---- MODULE E4200_unknown_in_instance_name ----
---- MODULE Inner ----
X == TRUE
====
I == INSTANCE Inner
Foo == I!Y
====
