---- MODULE Rec ----
EXTENDS Naturals
VARIABLES s, k

RECURSIVE Sum(_)
Sum(S) == IF S = {} THEN 0
          ELSE LET e == CHOOSE v \in S : TRUE
               IN  e + Sum(S \ {e})

RECURSIVE Fact(_)
Fact(n) == IF n = 0 THEN 1 ELSE n * Fact(n - 1)

Init == s = {} /\ k = 0

Add == /\ k < 3
       /\ k' = k + 1
       /\ s' = s \cup {Fact(k)}

Drop == /\ s # {}
        /\ Sum(s) > 2
        /\ s' = {}
        /\ UNCHANGED k

Next == Add \/ Drop

Inv == Sum(s) <= Fact(k) + 3
====
