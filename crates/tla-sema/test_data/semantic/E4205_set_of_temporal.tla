---- MODULE E4205_set_of_temporal ----
VARIABLE x
Foo == {[](x = TRUE)}
====
