---- MODULE E4204_too_many_arguments ----
Op == TRUE
Foo == Op(TRUE)
====
