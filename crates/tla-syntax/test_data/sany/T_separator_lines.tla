---- MODULE T_separator_lines ----
Foo == 1
----------------------------------
Bar == 2
====
