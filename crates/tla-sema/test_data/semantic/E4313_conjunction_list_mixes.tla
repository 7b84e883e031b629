---- MODULE E4313_conjunction_list_mixes ----
VARIABLE x
Foo == /\ x' = x
       /\ [](x = x)
====
