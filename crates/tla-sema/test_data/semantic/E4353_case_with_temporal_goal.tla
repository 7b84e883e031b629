---- MODULE E4353_case_with_temporal_goal ----
VARIABLE x
THEOREM <>(x = 1)
<1>1. CASE x = 1
<1>2. QED
====
