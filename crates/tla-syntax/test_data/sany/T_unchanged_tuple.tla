---- MODULE T_unchanged_tuple ----
VARIABLE x, y
Foo == UNCHANGED <<x, y>>
====
