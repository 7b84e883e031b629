---- MODULE E4200_unknown_definition_in_use ----
Inv == TRUE
THEOREM TRUE
BY DEF Inv, Absent
====
