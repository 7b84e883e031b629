---- MODULE E4004_unary_minus_without_integers ----
Foo == -TRUE
====
