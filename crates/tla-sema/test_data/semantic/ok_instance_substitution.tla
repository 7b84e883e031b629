---- MODULE ok_instance_substitution ----
---- MODULE Inner ----
CONSTANT N
VARIABLE v
X == N /\ v
====
VARIABLE v
I == INSTANCE Inner WITH N <- TRUE
Foo == I!X
====
