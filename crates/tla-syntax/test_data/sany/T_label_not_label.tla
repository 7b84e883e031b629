---- MODULE T_label_not_label ----
Foo == 1 :: 1
====
