---- MODULE T_set_filter ----
Foo == {x \in {1, 2} : x > 1}
====
