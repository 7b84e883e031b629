---- MODULE T_field_access_chain ----
r == [a |-> [b |-> 1]]
Foo == r.a.b
====
