---- MODULE T_case_nested_box ----
VARIABLE x
Foo == CASE TRUE -> [][x' = x]_x [] OTHER -> TRUE
====
