---- MODULE SymMessages ----
\* Symmetry over two sets of model values at once: messages are records naming both, a function
\* is keyed by one and holds the other, a sequence records who sent. The invariant fails a few
\* steps in, so the trace shows which state of each class the search kept.
EXTENDS Naturals, FiniteSets, Sequences, TLC
CONSTANTS Servers, Clients
VARIABLES msgs, owner, log, votes

vars == <<msgs, owner, log, votes>>

Init == /\ msgs = {}
        /\ owner = [c \in Clients |-> "none"]
        /\ log = <<>>
        /\ votes = [s \in Servers |-> {}]

Send(s, c) == /\ owner[c] = "none"
              /\ Len(log) < 3
              /\ msgs' = msgs \cup {[src |-> s, dst |-> c, n |-> Len(log)]}
              /\ log' = Append(log, s)
              /\ UNCHANGED <<owner, votes>>

Take(c) == \E m \in msgs : /\ m.dst = c
                           /\ owner[c] = "none"
                           /\ owner' = [owner EXCEPT ![c] = m.src]
                           /\ votes' = [votes EXCEPT ![m.src] = @ \cup {c}]
                           /\ UNCHANGED <<msgs, log>>

Next == \E s \in Servers, c \in Clients : Send(s, c) \/ Take(c)

Spec == Init /\ [][Next]_vars

TwoOwners == Cardinality({s \in Servers : votes[s] # {}}) < 2

Symm == Permutations(Servers) \cup Permutations(Clients)
====
