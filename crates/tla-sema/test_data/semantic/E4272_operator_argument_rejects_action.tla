---- MODULE E4272_operator_argument_rejects_action ----
VARIABLE x
Twice(G(_)) == G(x')
Bad == Twice(')
====
