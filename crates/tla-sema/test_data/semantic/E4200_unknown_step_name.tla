---- MODULE E4200_unknown_step_name ----
THEOREM TRUE
<1>1. TRUE
  OBVIOUS
<1>2. QED
  BY <1>3
====
