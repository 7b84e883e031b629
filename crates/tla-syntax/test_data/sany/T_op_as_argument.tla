---- MODULE T_op_as_argument ----
Ap(F(_, _), x) == F(x, x)
Foo == Ap(+, 2)
====
