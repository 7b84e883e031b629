---- MODULE Spec ----
\* With -continue a violating state is explored too: its successors that leave the
\* invariant's variable alone violate it again, and TLC reports each of them.
EXTENDS Naturals
VARIABLES a, b
Init == a = 0 /\ b = 0
IncA == a < 1 /\ a' = a + 1 /\ UNCHANGED b
IncB == b < 2 /\ b' = b + 1 /\ UNCHANGED a
Next == IncA \/ IncB
SmallA == a < 1
SmallB == b < 5
====
