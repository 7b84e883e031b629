---- MODULE E4357_hide_of_operator_as_fact ----
Inv == TRUE
HIDE Inv
====
