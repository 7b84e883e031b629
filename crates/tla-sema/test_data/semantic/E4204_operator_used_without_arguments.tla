---- MODULE E4204_operator_used_without_arguments ----
Op(a) == a
Foo == Op
====
