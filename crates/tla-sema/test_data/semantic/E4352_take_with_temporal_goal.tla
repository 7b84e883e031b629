---- MODULE E4352_take_with_temporal_goal ----
VARIABLE x
THEOREM \A n \in {x} : [](n = n)
<1>1. TAKE n \in {x}
<1>2. QED
====
