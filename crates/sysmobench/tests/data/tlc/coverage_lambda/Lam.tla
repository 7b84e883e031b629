---- MODULE Lam ----
EXTENDS Naturals
VARIABLE x

Apply(F(_), v) == F(v)

Twice(F(_), v) == F(F(v))

Inc(v) == v + 1

Init == x = 0

Up == /\ x < 4
      /\ x' = Apply(LAMBDA v : v + 1, x)

Jump == /\ x < 3
        /\ x' = Twice(Inc, x)

Next == Up \/ Jump

Inv == Apply(LAMBDA v : v >= 0, x)
====
