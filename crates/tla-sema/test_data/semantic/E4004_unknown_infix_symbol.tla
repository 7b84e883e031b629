---- MODULE E4004_unknown_infix_symbol ----
Foo == TRUE + FALSE
====
