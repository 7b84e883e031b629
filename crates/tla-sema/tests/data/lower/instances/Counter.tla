---- MODULE Counter ----
EXTENDS Naturals
CONSTANT Limit, Pred(_)
VARIABLE count
CInit == count = 0
CNext == count < Limit /\ Pred(count) /\ count' = count + 1
Bounded(k) == \A i \in 0 .. k : i <= Limit
Via(F(_)) == F(1)
SelfRef == Via(Bounded)
====
