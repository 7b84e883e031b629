---- MODULE T_lambda_bare ----
Foo == LAMBDA y : y
====
