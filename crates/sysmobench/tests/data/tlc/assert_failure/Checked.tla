---- MODULE Checked ----
EXTENDS Naturals, TLC
VARIABLE k

Init == k = 0
Next == /\ Assert(k < 3, "k grew too large")
        /\ k' = k + 1
====
