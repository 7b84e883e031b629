---- MODULE E4005_name_selector_not_from_let ----
Op == 1 = 1
U == Op!1!lab
====
