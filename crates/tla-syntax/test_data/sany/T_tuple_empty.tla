---- MODULE T_tuple_empty ----
Foo == <<>>
====
