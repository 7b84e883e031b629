---- MODULE ok_except_at ----
f == [x \in BOOLEAN |-> x]
Foo == [f EXCEPT ![TRUE] = ~@]
====
