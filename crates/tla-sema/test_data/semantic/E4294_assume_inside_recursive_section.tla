---- MODULE E4294_assume_inside_recursive_section ----
RECURSIVE Sum(_)
ASSUME TRUE
Sum(n) == IF n = 0 THEN 0 ELSE Sum(n - 1)
====
