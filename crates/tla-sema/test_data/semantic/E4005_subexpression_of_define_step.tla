---- MODULE E4005_subexpression_of_define_step ----
THEOREM TRUE
<1>d. DEFINE D == TRUE
<1>2. <1>d!1
<1>3. QED
====
