---- MODULE E4205_prime_of_action ----
VARIABLE x
Foo == (x')'
====
