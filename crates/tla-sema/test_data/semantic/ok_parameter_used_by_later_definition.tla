---- MODULE ok_parameter_used_by_later_definition ----
Op(a) == a
Op2(a) == Op(a)
====
