---- MODULE E4200_assume_new_outside_step_proof ----
CONSTANT S
THEOREM TRUE
<1>1. ASSUME NEW x \in S PROVE x = x
  OBVIOUS
<1>2. x = x
<1>3. QED
====
