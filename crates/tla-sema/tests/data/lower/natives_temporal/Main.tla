---- MODULE Main ----
EXTENDS Lib, Integers, FiniteSets
VARIABLE v
vars == << v >>
Init == v = Slow(0)
Next == v' = v + 1 /\ Cardinality({v}) = 1
Spec == Init /\ [][Next]_vars /\ WF_vars(Next) /\ SF_v(Next)
Live == <>[](v > 1) /\ ([]<>ENABLED Next) /\ (Init ~> Init)
Comp == <<Next>>_v \cdot Next
Temporal == \EE t : \AA u : t = u
Big == << 2147483648, \h1F, 1.5, -v, TRUE, STRING >>
RECURSIVE Down(_)
Before == Down(3) + 1
Down(n) == IF n = 0 THEN v ELSE Down(n - 1)
THEOREM Spec => []Init
====
