---- MODULE ok_recursive_operator ----
RECURSIVE F(_)
F(n) == IF n = {} THEN TRUE ELSE F(n)
Foo == F({})
====
