---- MODULE Spec ----
EXTENDS Naturals, TLC

VARIABLES x, y

Init == x = 0 /\ y = 0

Fits(a, b) == a + b <= 6

Step(d) ==
    /\ x' = x + d
    /\ Fits(x', y)
    /\ LET both == x' + y IN both % 2 = 0 \/ both < 3
    /\ y' = IF x' > 3 THEN y + 1 ELSE y
    /\ x' # y'

Loud(a, b) == a > 0

Reset ==
    /\ x > 4
    /\ Loud(x, PrintT(<<"reset", x>>))
    /\ x' = 0
    /\ UNCHANGED y

Next == \/ \E d \in 1..2 : Step(d)
        \/ Reset

Inv == x <= 6
====
