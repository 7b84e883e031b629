---- MODULE T_prime_field ----
VARIABLE r
Foo == r'.a
====
