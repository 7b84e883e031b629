---- MODULE Subst ----
\* Invariants that read a variable only through a definition the model replaces
\* by another, and through an instance that substitutes a variable.
EXTENDS Naturals

VARIABLES x, n, flag

Counter == INSTANCE SubstCounter WITH v <- n

Init == x = 0 /\ n = 0 /\ flag = FALSE
Next == /\ n < 6
        /\ n' = n + 1
        /\ x' = IF n = 4 THEN 7 ELSE x
        /\ UNCHANGED flag

Current == x
Cap == 0
CapSmall == flag = FALSE /\ Cap < 5
CounterSmall == Counter!Small
====
