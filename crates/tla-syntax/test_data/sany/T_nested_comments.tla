---- MODULE T_nested_comments ----
Foo == 1 (* a (* b *) c *) + 2
====
