---- MODULE T_assume_named ----
ASSUME A == TRUE
Foo == 1
====
