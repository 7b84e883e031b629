---- MODULE T_step_selector_number_with_arguments ----
THEOREM TRUE
<1>a. (1 = 1) /\ (2 = 2)
<1>2. <1>a!1(1)
<1>3. QED
====
