---- MODULE Cost ----
EXTENDS Naturals, FiniteSets
VARIABLES s, t

Init == s = {} /\ t = {1, 2, 3}

Add == \E e \in t : /\ e \notin s
                    /\ s' = s \cup {e}
                    /\ UNCHANGED t

Shrink == /\ Cardinality(s) = 3
          /\ t' = {e \in t : e > 1}
          /\ UNCHANGED s

Next == Add \/ Shrink

Inv == /\ \A e \in s : e \in {1, 2, 3}
       /\ \E sub \in SUBSET t : Cardinality(sub) = Cardinality(t)
       /\ \E f \in [s -> t] : TRUE
====
