---- MODULE Gauge ----
EXTENDS Naturals
VARIABLE level

Init == level \in {4, 3}
Next == level' = level + 1

Calm == level < 4 \/ 8 \div (level - 4) > 1
====
