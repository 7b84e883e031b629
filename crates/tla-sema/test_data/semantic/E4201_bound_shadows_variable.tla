---- MODULE E4201_bound_shadows_variable ----
VARIABLE x
Foo == \E x \in {1} : TRUE
====
