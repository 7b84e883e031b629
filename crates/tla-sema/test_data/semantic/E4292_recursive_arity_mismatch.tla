---- MODULE E4292_recursive_arity_mismatch ----
RECURSIVE F(_)
F(a, b) == a
====
