---- MODULE E4005_subexpression_of_variable ----
VARIABLE x
U == x!1
====
