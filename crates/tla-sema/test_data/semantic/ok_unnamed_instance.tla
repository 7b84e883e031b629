---- MODULE ok_unnamed_instance ----
---- MODULE Inner ----
CONSTANT N
X == N
====
CONSTANT N
INSTANCE Inner
Foo == X
====
