---- MODULE T_local_def ----
LOCAL Foo == 1
Bar == Foo
====
