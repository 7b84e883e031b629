---- MODULE E4270_expression_for_operator_parameter ----
Ap(F(_), x) == F(x)
Foo == Ap(TRUE, TRUE)
====
