---- MODULE Guards ----
\* Each action starts with a condition on the current state; the condition of
\* StepY fails to evaluate once y reaches 3 (a tuple applied outside its domain).
EXTENDS Naturals
VARIABLES x, y

Weights == <<10, 20, 30>>

Init == x = 0 /\ y = 0
StepX == /\ x < 2
         /\ x' = x + 1
         /\ y' = y
StepY == /\ Weights[y + 1] > 0
         /\ y' = y + 1
         /\ x' = x
Next == StepX \/ StepY
====
