---- MODULE ok_parameterised_instance ----
---- MODULE Inner ----
CONSTANT N
X == N
====
I(n) == INSTANCE Inner WITH N <- n
Foo == I(TRUE)!X
====
