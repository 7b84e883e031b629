---- MODULE PrintBound ----
\* PrintT in the actions and a state constraint that fails to evaluate on a successor: the
\* lines again as for a failed invariant (the steps found again, then the last once more).
EXTENDS Naturals, TLC
VARIABLES x
Init == x = 0
Next == x < 6 /\ PrintT(<<"step", x>>) /\ x' = x + 1
Bound == x < 3 \/ 1 \div 0 = 1
====
