---- MODULE T_quant_names_in ----
Foo == \A x, y \in {1} : x = y
====
