---- MODULE PrintNext ----
\* PrintT in the actions and an error in the next-state relation on the fourth state: the
\* lines again as for a deadlock (two steps before the header, one before the last state), all
\* steps after the trace, then the failing state's actions once more (TLC's replay of the error).
EXTENDS Naturals, TLC
VARIABLES x
Init == x = 0
Next == x < 6 /\ PrintT(<<"step", x>>) /\ x' = x + 1 + 0 * (10 \div (3 - x))
====
