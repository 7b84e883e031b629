---- MODULE ok_bound_names_reused_in_siblings ----
Foo == (\E y \in {1} : TRUE) /\ (\A y \in {2} : TRUE)
====
