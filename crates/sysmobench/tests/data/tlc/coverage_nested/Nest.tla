---- MODULE Nest ----
EXTENDS Naturals
CONSTANT N
VARIABLES x, y, done

vars == <<x, y, done>>

Limit == N + 1

Within(v, k) == v < k

Bump(v, k) == IF Within(v, k) THEN v + 1 ELSE 0

Init == /\ x \in 0..1
        /\ y = 0
        /\ done = FALSE

IncX == /\ ~done
        /\ Within(x, Limit)
        /\ x' = Bump(x, Limit)
        /\ UNCHANGED <<y, done>>

Pick == \E k \in 1..N :
          /\ y + k <= N
          /\ y' = y + k
          /\ UNCHANGED <<x, done>>

Step == LET total == x + y
            Over(t) == t > N
        IN  /\ Over(total)
            /\ done' = TRUE
            /\ UNCHANGED <<x, y>>

Mode == CASE x = 0 -> y' = y
          [] x = 1 -> y' = y + 1
          [] OTHER -> y' = 0

Reset == /\ done
         /\ IF x > 1 THEN x' = 0 ELSE x' = x
         /\ Mode
         /\ done' = FALSE

Next == IncX \/ Pick \/ Step \/ Reset

TypeOK == /\ x \in 0..Limit
          /\ \A v \in {x, y} : v <= 3 * N
          /\ done \in BOOLEAN

Bounded == x + y < 3 * N
====
