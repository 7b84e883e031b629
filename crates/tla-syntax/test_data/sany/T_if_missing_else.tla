---- MODULE T_if_missing_else ----
Foo == IF TRUE THEN 1
====
