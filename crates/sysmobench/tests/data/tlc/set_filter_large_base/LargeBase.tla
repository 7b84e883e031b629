---- MODULE LargeBase ----
\* A set filter over a record set with more elements than -maxSetSize allows
\* (121 records against 100): TLC filters it without building it.
EXTENDS Naturals
VARIABLE c

Pairs == [a : 0..10, b : 0..10]

Init == c \in {p \in Pairs : p.a + p.b = 10}
Next == c.a > 0 /\ c' = [a |-> c.a - 1, b |-> c.b + 1]

Balanced == c.a + c.b = 10
====
