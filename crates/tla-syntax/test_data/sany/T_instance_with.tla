---- MODULE T_instance_with ----
---- MODULE Inner ----
CONSTANT N
G == N
====
I == INSTANCE Inner WITH N <- 1
Foo == I!G
====
