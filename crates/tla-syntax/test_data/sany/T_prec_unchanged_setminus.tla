---- MODULE T_prec_unchanged_setminus ----
VARIABLE x, y
Foo == UNCHANGED x \ y
====
