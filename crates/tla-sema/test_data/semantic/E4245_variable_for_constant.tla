---- MODULE E4245_variable_for_constant ----
---- MODULE Param ----
CONSTANT Limit
VARIABLE state
====
VARIABLE x, y
I == INSTANCE Param WITH Limit <- x, state <- y
====
