---- MODULE E4005_operand_of_variable ----
VARIABLE v
Op == v
U == Op!1
====
