---- MODULE E4005_case_other_selected ----
Op == CASE 1 = 1 -> 2 [] OTHER -> 3
U == Op!2!1
====
