---- MODULE LetOnce ----
\* Zero-argument LET definitions in invariants: computed at most once per evaluation of their
\* LET (TLC's lazy values), operators with arguments at every call.
EXTENDS Naturals, TLC
VARIABLE x

Init == x = 0
Next == x < 2 /\ x' = x + 1

Twice == LET d == PrintT(<<"twice", x>>) IN d /\ d
WithArgs == LET f(k) == PrintT(<<"with-args", k>>) IN f(x) /\ f(x)
PerBinding == \A i \in 1..2 : LET d == PrintT(<<"per-binding", x, i>>) IN d /\ d
AroundBinder == LET d == PrintT(<<"around-binder", x>>) IN \A i \in 1..3 : d
Nested == LET a == PrintT(<<"nested", x>>) IN LET b == a /\ a IN b /\ b
SameDraw == LET r == RandomElement(1..1000000) + x IN r = r /\ r = r
Register == /\ TLCSet(1, 0)
            /\ LET t == TLCSet(1, TLCGet(1) + 1) IN t /\ t /\ t
            /\ PrintT(<<"register", TLCGet(1)>>)
Escaping == LET S == LET d == PrintT(<<"escaping-set", x>>) IN {i \in Nat : d /\ i < 3}
            IN 1 \in S /\ 2 \in S /\ 7 \notin S
EscapingFunction == LET f == LET d == PrintT(<<"escaping-function", x>>) IN [i \in Nat |-> d]
                    IN f[1] /\ f[2]
====
