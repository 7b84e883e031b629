---- MODULE E4224_constant_and_definition_extended ----
---- MODULE First ----
CONSTANT Size
====
---- MODULE Second ----
Size == 3
====
---- MODULE Both ----
EXTENDS First, Second
====
Op == TRUE
====
