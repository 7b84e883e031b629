---- MODULE E4351_have_step_as_expression ----
Id(e) == e
THEOREM TRUE => TRUE
<1>1. HAVE TRUE
<1>2. Id(<1>1)
<1>3. QED
====
