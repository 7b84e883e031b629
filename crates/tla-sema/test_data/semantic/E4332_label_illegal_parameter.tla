---- MODULE E4332_label_illegal_parameter ----
CONSTANT c
Op == \E a \in {1} : l(a, c) :: TRUE
====
