---- MODULE Spec ----
EXTENDS Naturals, FiniteSets
CONSTANTS Proc
VARIABLES owner, msgs, count

Init == owner = [p \in Proc |-> 0] /\ msgs = {} /\ count = 0

Send(self) ==
    \E q \in Proc \ {self} :
        /\ count < 2
        /\ msgs' = msgs \cup {<<self, q, count>>}
        /\ count' = count + 1
        /\ UNCHANGED owner

Mine(self) == {x \in msgs : x[2] = self}

Take(self) ==
    \E m \in Mine(self) :
        /\ owner' = [owner EXCEPT ![self] = owner[self] + m[3]]
        /\ msgs' = msgs \ {m}
        /\ UNCHANGED count

Pick(self) ==
    /\ count = 2
    /\ owner[self] < 3
    /\ \E s \in LET others == Proc \ {self}
                IN {t \in SUBSET others : Cardinality(t) = 1} :
         /\ owner' = [owner EXCEPT ![self] = owner[self] + Cardinality(s) + 4]
         /\ UNCHANGED <<msgs, count>>

Spread(self) ==
    /\ count = 2
    /\ \E k \in {n \in 0..owner[self] : n % 4 = 1} :
         /\ owner[self] > 4 + k
         /\ owner' = [owner EXCEPT ![self] = owner[self] - k]
         /\ UNCHANGED <<msgs, count>>

Next == \E self \in Proc : Send(self) \/ Take(self) \/ Pick(self) \/ Spread(self)

Odd == {x \in 1..7 : x % 2 = 1}

Inv ==
    /\ \A x \in Odd : x < 8
    /\ Cardinality({m \in msgs : m[3] >= 0}) <= 2
    /\ \A p \in Proc : owner[p] < 12
====
