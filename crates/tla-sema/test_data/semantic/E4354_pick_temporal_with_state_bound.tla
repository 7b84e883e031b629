---- MODULE E4354_pick_temporal_with_state_bound ----
VARIABLE x
THEOREM TRUE
<1>1. PICK n \in {x} : <>(n = 1)
<1>2. QED
====
