---- MODULE E4242_substitute_non_parameter ----
---- MODULE Inner ----
CONSTANT N
X == N
====
I == INSTANCE Inner WITH N <- TRUE, X <- FALSE
Foo == TRUE
====
