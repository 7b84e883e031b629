---- MODULE E4201_parameter_shadows_definition ----
Bar == TRUE
Foo(Bar) == Bar
====
