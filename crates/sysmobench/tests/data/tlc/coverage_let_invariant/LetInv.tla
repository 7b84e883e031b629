---- MODULE LetInv ----
EXTENDS Naturals
VARIABLES a, b

Init == a = 0 /\ b = 0

Next == \/ /\ a < 3
           /\ a' = a + 1
           /\ UNCHANGED b
        \/ /\ b < 2
           /\ b' = b + 1
           /\ UNCHANGED a

Inv == LET s == a + b
           d == a * 2
       IN  /\ s <= 5
           /\ s >= 0
           /\ d < 10

Guarded == LET m == a + 1
           IN  IF m > 2 THEN m < 5 ELSE b <= m + 2
====
