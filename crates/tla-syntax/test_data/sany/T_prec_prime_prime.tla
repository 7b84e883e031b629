---- MODULE T_prec_prime_prime ----
VARIABLE x
Foo == x''
====
