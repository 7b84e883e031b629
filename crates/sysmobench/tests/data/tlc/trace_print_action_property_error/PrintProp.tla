---- MODULE PrintProp ----
\* The same with an action property that fails to evaluate: the replay of the error lists the
\* positions after the repeated line.
EXTENDS Naturals, TLC
VARIABLES x
Init == x = 0
Next == x < 4 /\ PrintT(<<"step", x>>) /\ x' = x + 1
Prop == [][x' < 3 \/ 1 \div 0 = 1]_x
====
