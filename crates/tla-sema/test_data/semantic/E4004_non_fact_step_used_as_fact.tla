---- MODULE E4004_non_fact_step_used_as_fact ----
THEOREM TRUE
<1>1. DEFINE D == 1
<1>2. QED BY <1>1
====
