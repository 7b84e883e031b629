---- MODULE E4222_nested_instance_cycle ----
---- MODULE Helper ----
INSTANCE E4222_nested_instance_cycle
====
Op == TRUE
====
