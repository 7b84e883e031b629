---- MODULE E4005_at_selector_on_step_without_bound_names ----
THEOREM TRUE
<1>a. (1 = 1) /\ (2 = 2)
<1>2. <1>a!@
<1>3. QED
====
