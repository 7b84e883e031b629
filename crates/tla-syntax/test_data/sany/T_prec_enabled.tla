---- MODULE T_prec_enabled ----
VARIABLE x
A == x' = x
Foo == ENABLED A /\ TRUE
====
