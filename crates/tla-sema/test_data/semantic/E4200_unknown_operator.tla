---- MODULE E4200_unknown_operator ----
Foo == Bar + 1
====
