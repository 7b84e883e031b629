---- MODULE E4200_def_of_constant ----
CONSTANT c
THEOREM TRUE BY DEF c
====
