---- MODULE T_fairness_two_args ----
VARIABLE x
Next == x' = x
Foo == WF_x(Next, Next)
====
