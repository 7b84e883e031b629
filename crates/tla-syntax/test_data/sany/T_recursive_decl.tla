---- MODULE T_recursive_decl ----
RECURSIVE f(_)
f(n) == IF n = 0 THEN 0 ELSE f(n - 1)
====
