---- MODULE Workers ----
EXTENDS Naturals
CONSTANT Workers
VARIABLE state
vars == <<state>>
Init == state = [w \in Workers |-> "idle"]
Start(w) == state[w] = "idle" /\ state' = [state EXCEPT ![w] = "busy"]
Stop(w) == state[w] = "busy" /\ state' = [state EXCEPT ![w] = "idle"]
Next == \E w \in Workers : Start(w) \/ Stop(w)
Fair(w) == WF_vars(Stop(w))
Spec == Init /\ [][Next]_vars /\ \A w \in Workers : Fair(w)
Finishes == \A w \in Workers : state[w] = "busy" ~> state[w] = "idle"
StopsOften == \A w \in Workers : []<>(state[w] = "idle")
====
