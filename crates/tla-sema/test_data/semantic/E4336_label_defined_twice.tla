---- MODULE E4336_label_defined_twice ----
Op == (same :: 1 = 1) /\ (same :: 2 = 2)
====
