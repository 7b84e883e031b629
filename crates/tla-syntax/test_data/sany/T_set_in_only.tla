---- MODULE T_set_in_only ----
Foo == {x \in {1}}
====
