---- MODULE E4005_step_label_of_clause_in_declaration_scope ----
CONSTANT S
THEOREM TRUE
<1>1. ASSUME NEW x \in S, l :: x = x PROVE x \in S
  OBVIOUS
<1>2. QED BY <1>1!l
====
