---- MODULE Grid ----
EXTENDS Integers
VARIABLES r, c

Init == r = 0 /\ c = 0
Next == \/ r' = r + 1 /\ c' = c
        \/ r' = r - 1 /\ c' = c
        \/ c' = c + 1 /\ r' = r
        \/ c' = c - 1 /\ r' = r

InBox == r \in -2..2 /\ c \in -1..3
====
