---- MODULE Bank ----
EXTENDS Naturals
Accounts == {"a", "b"}
VARIABLE bal

Init == bal = [acc \in Accounts |-> 2]
Transfer(from, to, amt) ==
    /\ from # to /\ bal[from] >= amt
    /\ bal' = [bal EXCEPT ![from] = @ - amt, ![to] = @ + amt]
Burn(acc) == bal[acc] > 0 /\ bal' = [bal EXCEPT ![acc] = @ - 1]
Next == \/ \E f, t \in Accounts, n \in 1..2 : Transfer(f, t, n)
        \/ \E acc \in Accounts : Burn(acc)

Solvent == bal["a"] + bal["b"] > 1
====
