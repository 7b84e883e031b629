---- MODULE E4243_constant_operator_substituted_by_value ----
---- MODULE Param ----
CONSTANT Combine(_, _)
====
Zero == 0
I == INSTANCE Param WITH Combine <- Zero
====
