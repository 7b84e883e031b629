---- MODULE T_missing_end ----
Foo == 1
