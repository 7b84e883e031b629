---- MODULE E4206_assumption_not_constant ----
VARIABLE x
ASSUME x = TRUE
====
