---- MODULE E4244_non_leibniz_substitute ----
---- MODULE Param ----
CONSTANT Next(_)
====
Step(e) == ENABLED e
I == INSTANCE Param WITH Next <- Step
====
