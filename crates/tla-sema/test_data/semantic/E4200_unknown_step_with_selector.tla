---- MODULE E4200_unknown_step_with_selector ----
THEOREM TRUE
<1>1. <1>9!1
<1>2. QED
====
