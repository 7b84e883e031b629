---- MODULE T_theorem_proof ----
THEOREM T == TRUE
<1>1. TRUE
  OBVIOUS
<1>2. QED
  BY <1>1
====
