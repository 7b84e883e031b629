---- MODULE E4241_substituted_twice ----
---- MODULE Inner ----
CONSTANT N
X == N
====
I == INSTANCE Inner WITH N <- TRUE, N <- FALSE
Foo == TRUE
====
