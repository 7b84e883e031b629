---- MODULE E4005_nonexistent_operand_of_label ----
Op == l :: TRUE
U == Op!l!1
====
