---- MODULE E4271_operator_argument_wrong_arity ----
Ap(F(_), x) == F(x)
Two(a, b) == a
Foo == Ap(Two, TRUE)
====
