---- MODULE Main ----
EXTENDS Base, Naturals
VARIABLE y
Init == x = 0 /\ y = N
Sum(S) ==
  LET Add(a, b) == a + b
      Double(c) == LET Twice == Add(c, c) IN Twice
  IN \A s \in S : \E t \in S : Double(s) = Add(s, t)
Next == /\ x' = Inc(x)
        /\ UNCHANGED y
ASSUME N >= 1
UsesFact == BaseFact /\ TRUE
====
