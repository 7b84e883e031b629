---- MODULE E4245_primed_for_variable ----
---- MODULE Param ----
VARIABLE state
====
VARIABLE x
I == INSTANCE Param WITH state <- x'
====
