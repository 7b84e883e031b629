---- MODULE AtArgument ----
\* `@` passed as an operator argument is the value of the EXCEPT around the
\* call, even where the operator uses it inside a function it defines.
EXTENDS Naturals
VARIABLE x

Count(from, to, value) ==
    LET F[k \in (from - 1)..to] == IF k = from - 1 THEN value ELSE F[k - 1] + 1
    IN IF from > to THEN value ELSE F[to]

Init == x = [i \in {1, 2} |-> 0]
Next == /\ x[1] < 6
        /\ x' = [x EXCEPT ![1] = Count(1, 2, @), ![2] = Count(1, 1, @ + 1)]
Small == x[2] < 5
====
