---- MODULE T_prec_in_cup ----
Foo == 1 \in {1} \cup {2}
====
