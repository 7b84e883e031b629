---- MODULE SomethingElse ----
Foo == TRUE
====
