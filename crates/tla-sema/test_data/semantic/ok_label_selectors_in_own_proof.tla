---- MODULE ok_label_selectors_in_own_proof ----
CONSTANT S
THEOREM T == ASSUME NEW x \in S, l :: x = x PROVE TRUE
<1>1. T!l OBVIOUS
<1>2. QED
Op == l :: (1 = 2)
U == Op!l!2
L == LET D == 1 IN D
V == L!:!D
====
