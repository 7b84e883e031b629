---- MODULE T_set_map ----
Foo == {x + 1 : x \in {1, 2}}
====
