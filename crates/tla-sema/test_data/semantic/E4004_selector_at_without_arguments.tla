---- MODULE E4004_selector_at_without_arguments ----
Op == \E i \in {1, 2} : i = i
U == Op!@
====
