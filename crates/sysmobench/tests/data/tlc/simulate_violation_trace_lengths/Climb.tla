---- MODULE Climb ----
\* The invariant fails on the third state of the only trace: that trace is not counted in
\* the trace-length statistic.
EXTENDS Naturals
VARIABLE height
Init == height = 0
Next == height' = height + 1
Low == height < 2
====
