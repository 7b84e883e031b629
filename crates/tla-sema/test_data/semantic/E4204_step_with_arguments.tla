---- MODULE E4204_step_with_arguments ----
THEOREM TRUE
<1>a. 1 = 1
<1>2. <1>a(1)
<1>3. QED
====
