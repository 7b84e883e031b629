---- MODULE E4005_nonexistent_operand ----
Op == 1 = 1
U == Op!3
====
