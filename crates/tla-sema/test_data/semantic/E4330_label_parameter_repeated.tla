---- MODULE E4330_label_parameter_repeated ----
Op == \E a, b \in {1} : step(a, a) :: a = b
====
