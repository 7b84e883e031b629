---- MODULE T_let_recursive ----
Foo == LET RECURSIVE f(_)
           f(n) == IF n = 0 THEN 0 ELSE f(n - 1)
       IN f(3)
====
