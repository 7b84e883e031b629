---- MODULE T_lexical_bad_escape ----
Foo == "a\qb"
====
