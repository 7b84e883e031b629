---- MODULE E4200_pick_name_in_own_proof ----
CONSTANT S
THEOREM \E x \in S : TRUE
<1>1. PICK x \in S : TRUE
  <2>1. x = x
  <2>2. QED
<1>2. QED
====
