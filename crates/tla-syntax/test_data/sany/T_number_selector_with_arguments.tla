---- MODULE T_number_selector_with_arguments ----
Op == (1 = 1) /\ (2 = 2)
U == Op!1(1)
====
