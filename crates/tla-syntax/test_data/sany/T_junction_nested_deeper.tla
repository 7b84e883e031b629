---- MODULE T_junction_nested_deeper ----
Foo == \/ /\ TRUE
          /\ FALSE
       \/ TRUE
====
