---- MODULE E4355_theorem_assume_prove_as_expression ----
THEOREM Rule == ASSUME NEW a PROVE a = a
Use == Rule /\ TRUE
====
