---- MODULE InternOrder ----
\* TLC orders strings and record fields by the first time it met their text, identifiers
\* included: `zeta` and `alpha` are lexed here before any string literal is interned.
EXTENDS Naturals, FiniteSets, TLC, InternOrderBase
VARIABLES zeta, msgs
alpha == "alpha"
Texts == Kinds \cup {alpha, "zeta", omega}
Init == /\ zeta = CHOOSE s \in Texts : TRUE
        /\ msgs = {}
Next == /\ zeta' = CHOOSE s \in Texts \ {zeta} : TRUE
        /\ msgs' = msgs \cup {[omega |-> zeta, kind |-> Cardinality(msgs), alpha |-> Texts]}
Inv == Cardinality(msgs) < 3
ASSUME PrintT(<<[alpha |-> 1, zeta |-> 2], {"alpha", "zeta", "mid"}, CHOOSE s \in {"mid", "zeta"} : TRUE>>)
====
