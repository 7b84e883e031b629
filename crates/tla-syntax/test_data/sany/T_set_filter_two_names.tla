---- MODULE T_set_filter_two_names ----
Foo == {x, y \in {1} : x = y}
====
