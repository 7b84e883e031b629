---- MODULE E4311_eventually_action ----
VARIABLE x
Foo == <>(x' = x)
====
