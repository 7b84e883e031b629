---- MODULE T_junction_misaligned_right ----
Foo == /\ TRUE
        /\ FALSE
====
