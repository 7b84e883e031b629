---- MODULE E4260_function_argument_count ----
f[a \in BOOLEAN, b \in BOOLEAN] == a
Foo == f[TRUE, FALSE, TRUE]
Bar == f[<<TRUE, FALSE>>]
====
