---- MODULE E4315_temporal_range ----
VARIABLE x
Foo == \E y \in {[](x = x)} : TRUE
====
