---- MODULE T_fairness_forms ----
VARIABLE x
vars == <<x>>
Next == x' = x
Foo == WF_vars(Next) /\ SF_<<x>>(Next) /\ WF_x(Next)
====
