---- MODULE Partial ----
EXTENDS Integers
VARIABLE v
\* Entry 0 divides by zero; TLC builds functions lazily, so only applied entries count.
f == [x \in 0..2 |-> 10 \div x]
Init == v = f[1]
Next == v < 5 /\ v' = f[2] + v
====
