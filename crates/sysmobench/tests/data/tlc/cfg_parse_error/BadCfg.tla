---- MODULE BadCfg ----
EXTENDS Naturals
VARIABLE x

Init == x = 0
Next == x' = 1 - x
====
