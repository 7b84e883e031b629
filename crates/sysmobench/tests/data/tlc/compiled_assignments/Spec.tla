---- MODULE Spec ----
EXTENDS Naturals, Sequences
VARIABLES f, g, h, r, s
vars == <<f, g, h, r, s>>
Init == /\ f = [i \in 1..3 |-> 0]
        /\ g = [i \in 1..2 |-> [j \in 1..2 |-> <<>>]]
        /\ h = [k \in {"a", "b"} |-> 0]
        /\ r = [x |-> 1, y |-> <<1>>]
        /\ s = 0
Step(i) == /\ s < 3
           /\ f' = [f EXCEPT ![i] = @ + s, ![1] = @ + 1]
           /\ g' = [g EXCEPT ![1][2] = Append(@, s), ![2] = [@ EXCEPT ![1] = <<i>>]]
           /\ h' = [k \in DOMAIN h |-> IF k = "a" THEN h[k] + i ELSE 10 \div (s + 1)]
           /\ r' = [r EXCEPT !.x = @ * 2, !.y = Tail(@) \o <<s>>]
           /\ s' = s + 1
Lazy == /\ s = 3
        /\ f' = [i \in 0..2 |-> 6 \div (i + 1)]
        /\ UNCHANGED <<g, h, r>>
        /\ s' = 4
Next == (\E i \in 1..3 : Step(i)) \/ Lazy
Inv == s < 4 => f[1] <= 20
====
