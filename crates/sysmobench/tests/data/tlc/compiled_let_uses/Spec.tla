---- MODULE Spec ----
EXTENDS Naturals, Sequences
VARIABLES q, n, f
Init == /\ q = <<1, 2, 3>>
        /\ n = 0
        /\ f = [i \in 1..3 |-> 0]
Take(k) ==
  LET m == Head(q)
      t == Tail(q)
      s == m + k
  IN /\ q # << >>
     /\ \E j \in 1..2 :
          LET w == s * j IN
          /\ w < 9
          /\ q' = t
          /\ n' = n + w
          /\ f' = [f EXCEPT ![m] = LET old == @ IN old + w]
Refill == /\ q = << >>
          /\ LET total == n IN
             /\ total < 40
             /\ q' = <<(total % 3) + 1>>
             /\ UNCHANGED <<n, f>>
Next == (\E k \in 0..1 : Take(k)) \/ Refill
Inv == LET sum == f[1] + f[2] + f[3] IN sum = n
====
