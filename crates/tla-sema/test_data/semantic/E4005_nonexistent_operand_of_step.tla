---- MODULE E4005_nonexistent_operand_of_step ----
THEOREM TRUE
<1>a. (1 = 1) /\ (2 = 2)
<1>2. <1>a!3
<1>3. QED
====
