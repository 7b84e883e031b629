---- MODULE Rec ----
EXTENDS Naturals, Sequences
VARIABLES msgs, state

Procs == {"p", "q"}

Send(p, v) == msgs' = Append(msgs, [from |-> p, val |-> v])

Init == /\ msgs = << >>
        /\ state = [p \in Procs |-> 0]

Emit(p) == /\ state[p] < 1
           /\ Send(p, state[p])
           /\ state' = [state EXCEPT ![p] = @ + 1]

Drop == /\ Len(msgs) > 0
        /\ LET Rest(s) == Tail(s)
           IN  msgs' = Rest(msgs)
        /\ UNCHANGED state

Next == \/ \E p \in Procs : Emit(p)
        \/ Drop

Sum == LET S[i \in 0..Len(msgs)] == IF i = 0 THEN 0 ELSE S[i - 1] + msgs[i].val
       IN  S[Len(msgs)]

Valid == /\ \A i \in 1..Len(msgs) : msgs[i].from \in Procs
         /\ Sum <= 2

Short == Len(msgs) < 3
====
