---- MODULE E4200_unknown_step_with_label_selector ----
THEOREM TRUE
<1>1. TRUE
  <2>1. 1 = 1
  <2>2. QED
<1>2. <2>1!lab
<1>3. QED
====
