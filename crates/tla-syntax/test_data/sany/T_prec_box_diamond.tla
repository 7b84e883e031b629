---- MODULE T_prec_box_diamond ----
VARIABLE x
Foo == []<>(x = 1) /\ <>[](x = 2)
====
