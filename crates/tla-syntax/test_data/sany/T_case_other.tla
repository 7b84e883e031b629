---- MODULE T_case_other ----
Foo == CASE 1 = 1 -> 1 [] 2 = 2 -> 2 [] OTHER -> 3
====
