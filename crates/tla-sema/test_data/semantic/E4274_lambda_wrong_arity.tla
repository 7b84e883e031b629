---- MODULE E4274_lambda_wrong_arity ----
Ap(F(_), x) == F(x)
Foo == Ap(LAMBDA a, b : a, TRUE)
====
