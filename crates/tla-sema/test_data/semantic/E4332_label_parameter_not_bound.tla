---- MODULE E4332_label_parameter_not_bound ----
Op(p) == \E a \in {1} : step(a, p) :: a = p
====
