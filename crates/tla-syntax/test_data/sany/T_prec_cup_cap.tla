---- MODULE T_prec_cup_cap ----
Foo == {1} \cup {2} \cap {3}
====
