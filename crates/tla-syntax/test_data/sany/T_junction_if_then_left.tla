---- MODULE T_junction_if_then_left ----
Foo == /\ IF TRUE
       THEN 1 = 1
          ELSE 2 = 2
       /\ TRUE
====
