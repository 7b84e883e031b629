---- MODULE E4313_and_mixes_action_and_temporal ----
VARIABLE x
Foo == (x' = x) /\ [](x = x)
====
