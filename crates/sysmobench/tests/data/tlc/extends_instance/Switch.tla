---- MODULE Switch ----
EXTENDS LampBase
CONSTANT MaxPress
VARIABLES state, count

Start == state = "off" /\ count = 0
Flip == count < MaxPress /\ state' = Other(state) /\ count' = count + 1
Ok == count <= MaxPress
====
