---- MODULE T_let_in ----
Foo == LET a == 1
           b(x) == x + a
       IN b(2)
====
