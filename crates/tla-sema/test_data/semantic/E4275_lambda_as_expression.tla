---- MODULE E4275_lambda_as_expression ----
Foo == LAMBDA a : a
====
