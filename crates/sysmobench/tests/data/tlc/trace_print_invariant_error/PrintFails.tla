---- MODULE PrintFails ----
\* PrintT in the actions and an invariant that fails to evaluate on a kept state: the lines
\* come again while TLC finds the trace's states, and the last step's once more for its
\* replay of the error (no counterexample pass here).
EXTENDS Naturals, TLC
VARIABLES x
Init == x = 0
Next == x < 4 /\ PrintT(<<"step", x>>) /\ x' = x + 1
Fine == x < 3 \/ 1 \div 0 = 1
====
