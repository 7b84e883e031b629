---- MODULE T_cartesian_param ----
Foo == [x \in {1} \X {2} |-> 1]
====
