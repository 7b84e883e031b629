---- MODULE LetNext ----
\* LET in the next-state relation: walked before every primed variable is assigned (computed at
\* each use), bound in the value of an assignment (a body with a primed variable included) and
\* in conditions after every variable is assigned; never reused under a prime.
EXTENDS Naturals, TLC
VARIABLES x, y

Init == x = 0 /\ y = 0

Next == /\ x < 2
        /\ LET w == PrintT(<<"walked", x>>) IN w /\ w /\ x' = x + 1
        /\ y' = LET d == PrintT(<<"value with x'", x'>>) IN IF d /\ d THEN x' * 10 ELSE 0
        /\ LET c == PrintT(<<"condition", x', y'>>) IN c /\ c
        /\ (LET p == PrintT(<<"under a prime", x>>) IN p /\ p)'
        /\ LET q == PrintT(<<"primed and not", x>>) IN q' /\ q /\ q' /\ q
====
