---- MODULE T_open_after_infix_then_more ----
Foo == (\E x \in {1} : TRUE) /\ TRUE
====
