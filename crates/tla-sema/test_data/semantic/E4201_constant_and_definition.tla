---- MODULE E4201_constant_and_definition ----
CONSTANT N
N == TRUE
====
