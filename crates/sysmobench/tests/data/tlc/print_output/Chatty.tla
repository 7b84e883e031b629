---- MODULE Chatty ----
EXTENDS Naturals, Sequences, TLC
VARIABLE v

ASSUME PrintT("assume runs once")
Init == /\ v = 0
        /\ PrintT(<<"init", v>>)
Next == /\ v < 2
        /\ v' = v + 1
        /\ Print([from |-> v, to |-> v + 1], TRUE)
====
