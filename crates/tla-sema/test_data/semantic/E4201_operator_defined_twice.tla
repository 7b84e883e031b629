---- MODULE E4201_operator_defined_twice ----
Foo == TRUE
Foo == FALSE
====
