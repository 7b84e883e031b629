---- MODULE T_if_nested ----
Foo == IF TRUE THEN IF FALSE THEN 1 ELSE 2 ELSE 3
====
