---- MODULE T_except_paths ----
r == [a |-> 1, b |-> [c |-> 2]]
Foo == [r EXCEPT !.a = @ + 1, !.b.c = 3, !["a"] = 4]
====
