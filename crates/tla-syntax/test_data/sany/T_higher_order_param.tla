---- MODULE T_higher_order_param ----
Ap(F(_), x) == F(x)
Foo == Ap(Ap, 1)
====
