---- MODULE T_defs_no_body ----
Foo ==
Bar == 1
====
