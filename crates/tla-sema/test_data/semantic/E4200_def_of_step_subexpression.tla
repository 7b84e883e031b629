---- MODULE E4200_def_of_step_subexpression ----
THEOREM TRUE
<1>a. (1 = 1) /\ (2 = 2)
<1>2. QED BY DEF <1>a!1
====
