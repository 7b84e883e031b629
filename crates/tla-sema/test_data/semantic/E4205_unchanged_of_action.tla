---- MODULE E4205_unchanged_of_action ----
VARIABLE x
Foo == UNCHANGED (x')
====
