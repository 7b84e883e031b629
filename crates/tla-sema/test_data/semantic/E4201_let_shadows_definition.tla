---- MODULE E4201_let_shadows_definition ----
Foo == TRUE
Bar == LET Foo == FALSE IN Foo
====
