---- MODULE T_record_field_keyword ----
r == [a |-> 1]
Foo == r.ELSE
====
