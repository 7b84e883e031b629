---- MODULE T_instance_param ----
---- MODULE Inner ----
CONSTANT N
G == N
====
I(n) == INSTANCE Inner WITH N <- n
Foo == I(1)!G
====
