---- MODULE E4294_variable_inside_recursive_section ----
RECURSIVE Sum(_)
VARIABLE total
Sum(n) == IF n = 0 THEN 0 ELSE Sum(n - 1)
====
