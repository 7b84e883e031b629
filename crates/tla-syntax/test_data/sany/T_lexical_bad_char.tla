---- MODULE T_lexical_bad_char ----
Foo == 1 ? 2
====
