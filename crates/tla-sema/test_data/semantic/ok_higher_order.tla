---- MODULE ok_higher_order ----
Ap(F(_), x) == F(x)
Id(a) == a
Foo == Ap(Id, TRUE) /\ Ap(LAMBDA a : a, TRUE)
====
