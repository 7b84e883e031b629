---- MODULE T_junction_aligned ----
Foo == /\ TRUE
       /\ FALSE
       /\ \/ TRUE
          \/ FALSE
====
