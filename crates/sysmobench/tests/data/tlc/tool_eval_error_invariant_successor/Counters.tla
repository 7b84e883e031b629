---- MODULE Counters ----
EXTENDS Naturals
VARIABLES a, b

Init == a = 0 /\ b = 0
IncA == a < 3 /\ a' = a + 1 /\ UNCHANGED b
IncB == b < 3 /\ b' = b + 1 /\ UNCHANGED a
Next == IncA \/ IncB

Ratio == a + b < 3 \/ a \div (b - 1) # 100
====
