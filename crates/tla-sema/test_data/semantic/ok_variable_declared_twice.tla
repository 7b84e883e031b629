---- MODULE ok_variable_declared_twice ----
VARIABLE x
VARIABLE x
====
