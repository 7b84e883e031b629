---- MODULE E4005_operand_of_step_operand_without_operands ----
THEOREM TRUE
<1>a. (1 = 1) /\ (2 = 2)
<1>2. <1>a!1!1!1
<1>3. QED
====
