---- MODULE T_junction_one_line ----
Foo == /\ TRUE /\ FALSE
====
