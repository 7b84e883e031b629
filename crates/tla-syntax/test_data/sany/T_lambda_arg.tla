---- MODULE T_lambda_arg ----
Ap(F(_), x) == F(x)
Foo == Ap(LAMBDA y : y + 1, 2)
====
