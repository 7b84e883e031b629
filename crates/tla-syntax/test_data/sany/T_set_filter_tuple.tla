---- MODULE T_set_filter_tuple ----
Foo == {<<a, b>> \in {1} \X {1} : a = b}
====
