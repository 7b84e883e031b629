---- MODULE E4357_hide_of_step_subexpression ----
THEOREM TRUE
<1>a. TRUE /\ TRUE
<1> HIDE <1>a!1
<1>2. QED
====
