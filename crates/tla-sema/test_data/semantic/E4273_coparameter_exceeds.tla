---- MODULE E4273_coparameter_exceeds ----
VARIABLE x
Call(G(_), arg) == G(arg)
Bad == Call(', x')
====
