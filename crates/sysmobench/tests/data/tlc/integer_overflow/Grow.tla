---- MODULE Grow ----
EXTENDS Integers
VARIABLE big

Init == big = 1000000000
Next == big' = big * 3
====
