---- MODULE T_choose ----
Foo == CHOOSE x \in {1} : TRUE
====
