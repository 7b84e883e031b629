---- MODULE T_bracket_list ----
Foo == [1, 2]
====
