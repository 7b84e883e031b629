---- MODULE ok_labels_and_selectors ----
Op(p) == \E a \in {1} : step(a) :: a = p /\ inner :: TRUE
Other == outer :: (1 = 1)
UseStep == Op(2)!step(1)
UseNested == Op(2)!step(1)!inner
UseOperand == Op(2)!1
Pos == Other!outer
====
