---- MODULE W4800_same_definition_extended_twice ----
---- MODULE First ----
Size == 3
====
---- MODULE Second ----
Size == 3
====
---- MODULE Both ----
EXTENDS First, Second
====
Op == TRUE
====
