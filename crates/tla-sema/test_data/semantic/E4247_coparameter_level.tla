---- MODULE E4247_coparameter_level ----
VARIABLE x
---- MODULE Param ----
CONSTANT Apply(_), input
Result == Apply(input)
====
Single(a) == {a}
I == INSTANCE Param WITH Apply <- Single, input <- [](x = 1)
====
