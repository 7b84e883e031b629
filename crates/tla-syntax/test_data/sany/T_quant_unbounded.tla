---- MODULE T_quant_unbounded ----
Foo == \E x : x = x
====
