---- MODULE E4200_recursion_without_recursive ----
Fact(n) == IF n = 0 THEN 1 ELSE Fact(n)
====
