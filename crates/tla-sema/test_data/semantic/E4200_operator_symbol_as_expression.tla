---- MODULE E4200_operator_symbol_as_expression ----
U == \oplus
====
