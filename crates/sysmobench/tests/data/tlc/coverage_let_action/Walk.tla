---- MODULE Walk ----
EXTENDS Naturals
VARIABLES pos, steps

Init == pos = 0 /\ steps = 0

Move(d) ==
  LET target == pos + d
  IN  /\ target <= 4
      /\ pos' = target
      /\ steps' = steps + 1

Back == LET home == 0 IN pos > 2 /\ pos' = home /\ UNCHANGED steps

Next == \E d \in {1, 2} : Move(d) \/ Back

Bounded == steps < 3
====
