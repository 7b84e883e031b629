---- MODULE E4291_recursive_not_defined ----
RECURSIVE F(_)
Foo == TRUE
====
