---- MODULE E4204_too_few_arguments ----
Op(a, b) == a
Foo == Op(TRUE)
====
