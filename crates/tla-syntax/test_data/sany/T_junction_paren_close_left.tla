---- MODULE T_junction_paren_close_left ----
Foo == /\ (TRUE
       )
       /\ TRUE
====
