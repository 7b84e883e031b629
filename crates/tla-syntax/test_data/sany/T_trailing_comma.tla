---- MODULE T_trailing_comma ----
Foo == {1, 2, }
====
