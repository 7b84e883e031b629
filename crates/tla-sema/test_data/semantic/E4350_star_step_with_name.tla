---- MODULE E4350_star_step_with_name ----
THEOREM 1 = 1
PROOF
<*>x. QED
====
