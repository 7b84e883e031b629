---- MODULE T_junction_misaligned_left ----
Foo == /\ TRUE
      /\ FALSE
====
