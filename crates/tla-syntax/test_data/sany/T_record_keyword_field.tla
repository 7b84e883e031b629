---- MODULE T_record_keyword_field ----
Foo == [IF |-> 1, ELSE |-> 2]
====
