---- MODULE T_subexpression ----
Foo == 1 + 2
Bar == Foo!1
====
