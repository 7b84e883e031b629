---- MODULE ok_definition_order_and_let ----
Foo == TRUE
Bar == LET Baz == Foo IN Baz /\ Foo
====
