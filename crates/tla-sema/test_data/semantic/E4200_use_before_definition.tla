---- MODULE E4200_use_before_definition ----
Foo == Bar
Bar == TRUE
====
