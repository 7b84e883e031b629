---- MODULE T_local_instance ----
---- MODULE Inner ----
X == 1
====
LOCAL INSTANCE Inner
Foo == X
====
