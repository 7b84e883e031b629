---- MODULE E4205_defined_operator_unchanged_parameter ----
VARIABLE x
Keep(e) == UNCHANGED e
Bad == Keep(x' = x)
====
