---- MODULE DuplicateDefinitions ----
EXTENDS Naturals
VARIABLE x
Limit == 3
Step(n) == n + 1
Limit == 4
Limit == 5
x == 7
Step(n, m) == n + m
Table[n \in 1..3] == n
Table[n \in 1..4] == n * 2
Table == 9
LOCAL Hidden == 1
Hidden == 2
RECURSIVE Down(_)
Down(n) == IF n = 0 THEN 0 ELSE Down(n - 1)
Down(n) == n
Pick == LET a == 1
            a == 2
        IN a
Seq == INSTANCE Naturals
Seq == INSTANCE Naturals
====
