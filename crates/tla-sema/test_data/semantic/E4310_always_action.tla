---- MODULE E4310_always_action ----
VARIABLE x
Foo == [](x' = x)
====
