---- MODULE E4202_bound_named_boolean ----
Foo == \E BOOLEAN \in {1} : TRUE
====
