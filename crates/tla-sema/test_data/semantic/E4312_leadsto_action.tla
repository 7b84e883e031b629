---- MODULE E4312_leadsto_action ----
VARIABLE x
Foo == (x' = x) ~> (x = x)
====
