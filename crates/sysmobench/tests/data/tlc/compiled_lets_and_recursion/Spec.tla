---- MODULE Spec ----
EXTENDS Naturals, Sequences

VARIABLES chain, n

RECURSIVE SumTo(_, _)
SumTo(s, i) == IF i = 0 THEN 0 ELSE s[i] + SumTo(s, i - 1)

RECURSIVE Root(_, _)
Root(links, k) ==
    LET next == links[k]
        parent == next.up
    IN IF parent = 0 THEN k ELSE Root(links, parent)

Links == [k \in 1..4 |-> [up |-> IF k = 1 THEN 0 ELSE k - 1]]

Init == /\ chain = <<>>
        /\ n = 0

Grow(v) ==
    LET extended == Append(chain, v)
        unused == 1 \div 0
    IN /\ Len(chain) < 60
       /\ v = n % 3 \/ Len(chain) < 2
       /\ SumTo(extended, Len(extended)) <= 70
       /\ chain' = extended
       /\ n' = n + 1

Next == \E v \in 0..2 : Grow(v)

\* Invariants with LETs inside: an unused definition that would fail is never computed,
\* a definition used twice is computed once, and recursion deeper than a few calls.
Inv == \A k \in 1..4 :
         LET r == Root(Links, k) + 0 * n
             never == CHOOSE x \in {} : TRUE
         IN /\ r = 1
            /\ r + 0 = 1

Sums == LET total == SumTo(chain, Len(chain))
        IN IF Len(chain) > 100 THEN total = 100 ELSE total >= 0 /\ total <= 70

Small == n <= 45

Deep == n < 20 \/ SumTo(chain, Len(chain)) = SumTo(chain, n)
====
