---- MODULE ok_instance_levels ----
VARIABLE x
---- MODULE Param ----
CONSTANT Apply(_), c
VARIABLE s
Moved == Apply(s) /\ c = c
====
Single(a) == {a}
I == INSTANCE Param WITH Apply <- Single, c <- 1, s <- x
====
