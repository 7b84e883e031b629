---- MODULE E4261_at_outside_except ----
Foo == {@}
====
