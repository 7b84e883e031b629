---- MODULE T_set_map_in_in ----
Foo == {a \in {1} : a \in {2}}
====
