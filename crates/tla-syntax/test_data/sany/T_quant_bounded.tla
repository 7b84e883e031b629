---- MODULE T_quant_bounded ----
Foo == \A x \in {1}, y \in {2} : x < y
====
