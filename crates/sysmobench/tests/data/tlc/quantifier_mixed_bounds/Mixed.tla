---- MODULE Mixed ----
\* Several bounds at once: two names over one set, a tuple pattern and a name over another set,
\* in an action. TLC's first name varies fastest, so the first successor that breaks the
\* invariant (i and j differ) is <<2, 1, ...>>, not <<1, 2, ...>>; and the invariant's own
\* quantifier meets the failing combination in the same order.
EXTENDS Naturals
VARIABLES log, n
Pairs == {<<1, "a">>, <<2, "b">>}
Init == /\ log = <<0, 0, 0, "", "">>
        /\ n = 0
Next == /\ n < 3
        /\ n' = n + 1
        /\ \E i, j \in 1..2, <<k, s>> \in Pairs, t \in {"u", "v"} :
              log' = <<i, j, k, s, t>>
Same == \A i, j \in 1..2, <<k, s>> \in Pairs :
            (log[1] = i /\ log[2] = j) => (i = j \/ k = 2)
====
