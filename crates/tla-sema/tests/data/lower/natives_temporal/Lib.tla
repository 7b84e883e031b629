---- MODULE Lib ----
Fast(a) == a
Slow(a) == Fast(a)
====
