---- MODULE E4005_step_new_clause_selected ----
CONSTANT S
THEOREM TRUE
<1>1. ASSUME NEW x \in S PROVE x \in S
  OBVIOUS
<1>2. <1>1!1
<1>3. QED
====
