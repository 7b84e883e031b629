---- MODULE ok_recursive_higher_order ----
RECURSIVE Fold(_, _, _)
Fold(Op(_, _), v, S) == IF S = {} THEN v ELSE LET w == CHOOSE x \in S : TRUE IN Fold(Op, Op(v, w), S \ {w})
====
