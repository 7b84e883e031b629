---- MODULE T_quantifier_body_extends ----
Foo == \E x \in {1} : x = 1 /\ TRUE
====
