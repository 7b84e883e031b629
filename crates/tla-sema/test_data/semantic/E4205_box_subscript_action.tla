---- MODULE E4205_box_subscript_action ----
VARIABLE x
Foo == [][x' = x]_(x')
====
