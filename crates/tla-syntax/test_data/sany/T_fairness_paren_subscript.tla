---- MODULE T_fairness_paren_subscript ----
VARIABLE x
Next == x' = x
Foo == WF_(x)(Next)
====
