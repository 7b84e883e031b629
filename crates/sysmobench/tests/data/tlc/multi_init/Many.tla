---- MODULE Many ----
EXTENDS Naturals
VARIABLES x, tag

Init == x \in 1..4 /\ tag \in {"even", "odd"} /\ (tag = "even") = (x % 2 = 0)
Next == x > 1 /\ x' = x - 1 /\ tag' = IF tag = "even" THEN "odd" ELSE "even"

Consistent == (tag = "even") = (x % 2 = 0)
====
