---- MODULE Spec ----
EXTENDS Naturals, FiniteSets
VARIABLES msgs, got, n

Init == msgs = {} /\ got = 0 /\ n = 0

Post ==
    /\ n < 4
    /\ msgs' = msgs \cup {[type |-> IF n % 2 = 0 THEN "A" ELSE "B", v |-> n]}
    /\ n' = n + 1
    /\ UNCHANGED got

Receive ==
    \E m \in msgs :
        /\ m.type = "A"
        /\ m.v >= got
        /\ got' = m.v + 1
        /\ msgs' = msgs \ {m}
        /\ UNCHANGED n

Odd ==
    \E m \in msgs :
        /\ m.type = "B" /\ m.v > 2
        /\ got' = got + 10
        /\ UNCHANGED <<msgs, n>>

Late ==
    \E m \in msgs :
        /\ IF m.type = "A" THEN m.v > 5 ELSE m.w = 1
        /\ UNCHANGED <<msgs, got, n>>

Next == Post \/ Receive \/ Odd \/ (got > 10 /\ Late)

Inv == got < 30
====
