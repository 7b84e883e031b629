---- MODULE T_set_map_expr_in ----
Foo == {1 + 1 \in {2} : x \in {1}}
====
