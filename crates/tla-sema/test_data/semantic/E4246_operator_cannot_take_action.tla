---- MODULE E4246_operator_cannot_take_action ----
---- MODULE Param ----
CONSTANT Apply(_), c
Moved == Apply(c')
====
Id(a) == a'
I == INSTANCE Param WITH Apply <- Id, c <- 1
====
