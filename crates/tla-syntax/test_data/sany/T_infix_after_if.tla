---- MODULE T_infix_after_if ----
Foo == 1 + IF TRUE THEN 1 ELSE 2 + 3
====
