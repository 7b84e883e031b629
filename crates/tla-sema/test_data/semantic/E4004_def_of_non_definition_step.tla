---- MODULE E4004_def_of_non_definition_step ----
THEOREM TRUE
<1>1. USE TRUE
<1>2. QED BY DEF <1>1
====
