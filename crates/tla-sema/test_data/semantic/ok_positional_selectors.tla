---- MODULE ok_positional_selectors ----
VARIABLE v
Op == /\ v = 1
      /\ \E i \in {1, 2} : i = i
      /\ IF TRUE THEN <<1, 2>> ELSE [r |-> 3]
      /\ CASE v = 1 -> 2 [] OTHER -> 3
      /\ LET L == 1 IN L
      /\ [v EXCEPT ![1] = 2]
U1 == Op!1!2
U2 == Op!2!1
U3 == Op!2!(1)
U5 == Op!3!2!>>
U6 == Op!3!3!1
U7 == Op!4!1!2
U8 == Op!4!2!2
U9 == Op!5!1
U10 == Op!6!1
U11 == Op!<<
U12 == Op!:
U13 == Op!5!L
====
