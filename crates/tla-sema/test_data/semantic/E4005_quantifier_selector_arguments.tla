---- MODULE E4005_quantifier_selector_arguments ----
Op == \A x \in {1} : x = x
U == Op!(1, 2)
====
