---- MODULE E4203_instance_name_alone ----
---- MODULE Counter ----
Zero == 0
====
C == INSTANCE Counter
Value == C
====
