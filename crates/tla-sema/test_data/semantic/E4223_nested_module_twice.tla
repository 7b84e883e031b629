---- MODULE E4223_nested_module_twice ----
---- MODULE Part ----
A == 1
====
---- MODULE Part ----
B == 2
====
Op == TRUE
====
