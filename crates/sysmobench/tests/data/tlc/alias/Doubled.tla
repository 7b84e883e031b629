---- MODULE Doubled ----
EXTENDS Naturals
VARIABLES x, y

Init == x = 0 /\ y = 0
Next == x' = x + 1 /\ y' = y + x

Inv == y < 5
Shown == [x |-> x, sum |-> x + y, nextX |-> x', parity |-> x % 2 = 0]
====
