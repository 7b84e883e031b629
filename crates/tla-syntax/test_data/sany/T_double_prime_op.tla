---- MODULE T_double_prime_op ----
VARIABLE x
Foo == x' ' = 1
====
