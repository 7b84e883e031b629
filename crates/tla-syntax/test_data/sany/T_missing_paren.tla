---- MODULE T_missing_paren ----
Foo == (1 + 2
====
