---- MODULE T_quant_tuple ----
Foo == \E <<a, b>> \in {1} \X {2} : a = b
====
