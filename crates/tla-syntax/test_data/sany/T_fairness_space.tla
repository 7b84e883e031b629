---- MODULE T_fairness_space ----
VARIABLE x
Next == x' = x
Foo == WF_x (Next)
====
