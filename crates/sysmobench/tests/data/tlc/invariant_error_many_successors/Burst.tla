---- MODULE Burst ----
\* An invariant that fails to evaluate (a division by zero inside a quantifier) on a state
\* reached with many successors per state: TLC 2.20 then exits 255, not 76, prints the nested
\* expressions of the failing evaluation, and counts one more distinct state than generated.
EXTENDS Naturals
VARIABLES log, n
Pairs == {<<1, "a">>, <<2, "b">>}
Init == /\ log = <<>>
        /\ n = 0
Next == /\ n < 3
        /\ n' = n + 1
        /\ \E i, j \in 1..2, <<k, s>> \in Pairs, t \in {"u", "v"} :
              log' = <<i, j, k, s, t>>
Check == n < 2 \/ \A i, j \in 1..2, <<k, s>> \in Pairs : (i + j + k) \div (3 - j - k + i) >= 0
====
