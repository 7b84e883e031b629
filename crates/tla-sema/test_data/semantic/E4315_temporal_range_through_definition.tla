---- MODULE E4315_temporal_range_through_definition ----
VARIABLE x
T == [](x = x)
Foo == \E y \in T : TRUE
====
