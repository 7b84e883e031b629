---- MODULE T_junction_mixed_kinds ----
Foo == /\ TRUE
       \/ FALSE
====
