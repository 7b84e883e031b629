---- MODULE E4205_defined_operator_set_of_parameter ----
VARIABLE x
Single(e) == {e}
Bad == Single([]TRUE)
====
