---- MODULE E4331_label_missing_bound_name ----
Op == \E a, b \in {1} : step(a) :: a = b
====
