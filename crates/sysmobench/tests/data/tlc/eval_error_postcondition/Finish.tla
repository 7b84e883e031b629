---- MODULE Finish ----
EXTENDS Naturals, TLC
VARIABLE s

Init == s = 0
Next == s < 3 /\ s' = s + 1
Done == TLCGet("stats").distinct \div (TLCGet("stats").distinct - 4) > 0
====
