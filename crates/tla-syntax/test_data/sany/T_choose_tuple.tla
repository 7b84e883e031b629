---- MODULE T_choose_tuple ----
Foo == CHOOSE <<a, b>> \in {1} \X {2} : TRUE
====
