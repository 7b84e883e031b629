---- MODULE Finish ----
EXTENDS Naturals, TLC
VARIABLE s

Init == s = 0
Next == s < 4 /\ s' = s + 1

Post == TLCGet("stats").distinct > 10
====
