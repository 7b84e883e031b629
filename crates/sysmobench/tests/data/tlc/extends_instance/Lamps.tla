---- MODULE Lamps ----
EXTENDS LampBase
VARIABLES on, presses

Switch == INSTANCE Switch WITH state <- on, MaxPress <- 3, count <- presses

Init == Switch!Start
Next == Switch!Flip
Spec == Init /\ [][Next]_<<on, presses>>

Safe == Switch!Ok /\ IsLampState(on)
====
