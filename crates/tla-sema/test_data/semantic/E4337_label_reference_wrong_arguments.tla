---- MODULE E4337_label_reference_wrong_arguments ----
Op == \E a \in {1} : step(a) :: a = 1
Use == Op!step
====
