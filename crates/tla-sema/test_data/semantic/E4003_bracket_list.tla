---- MODULE E4003_bracket_list ----
Foo == [TRUE, FALSE]
====
