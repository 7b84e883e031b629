---- MODULE T_theorem_assume_prove ----
THEOREM ASSUME NEW x \in {1}, TRUE
        PROVE x = x
OBVIOUS
====
