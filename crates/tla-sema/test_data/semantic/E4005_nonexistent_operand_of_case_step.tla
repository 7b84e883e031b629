---- MODULE E4005_nonexistent_operand_of_case_step ----
THEOREM TRUE
<1>c. CASE TRUE /\ TRUE
  OBVIOUS
<1>2. <1>c!2
<1>3. QED
====
