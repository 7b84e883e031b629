---- MODULE Spec ----
EXTENDS Naturals
CONSTANTS Proc
VARIABLES round, seen

Init == round = 0 /\ seen = {}

Step(self) ==
    /\ round < 4
    /\ round' = round + 1
    /\ seen' = seen \cup {self}

Gap(r, self) == IF r = "p3" /\ self = "p2" THEN 0 ELSE 2

Late(self) ==
    /\ round = 2
    /\ \E q \in {r \in Proc \ {self} : 6 \div Gap(r, self) > 1} :
         /\ round' = round + 1
         /\ seen' = seen \cup {q}

Next == \E self \in Proc : Step(self) \/ Late(self)
====
