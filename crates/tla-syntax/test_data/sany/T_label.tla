---- MODULE T_label ----
Foo == lab :: 1 = 1
====
