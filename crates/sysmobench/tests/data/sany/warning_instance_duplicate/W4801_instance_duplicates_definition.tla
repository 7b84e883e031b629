---- MODULE W4801_instance_duplicates_definition ----
---- MODULE Lib ----
Limit == 10
====
---- MODULE Other ----
Limit == 10
====
INSTANCE Lib
INSTANCE Other
Op == Limit
====
