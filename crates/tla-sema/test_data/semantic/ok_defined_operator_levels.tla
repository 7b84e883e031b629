---- MODULE ok_defined_operator_levels ----
VARIABLE x
After(e) == e'
Single(e) == {e}
Keep(e) == UNCHANGED e
Good == After(x) /\ Single(x') = {1} /\ Keep(<<x>>)
Bound(S) == \E v \in S : v' = x
Fine == Bound({x})
====
