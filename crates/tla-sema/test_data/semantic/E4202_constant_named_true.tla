---- MODULE E4202_constant_named_true ----
CONSTANT TRUE
====
