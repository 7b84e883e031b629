---- MODULE E4201_nested_quantifier_same_name ----
Foo == \A x \in {1} : \E x \in {2} : TRUE
====
