---- MODULE T_record_set ----
Foo == [a : {1}, b : {2}]
====
