---- MODULE E4005_assume_prove_clause_out_of_scope ----
THEOREM T == ASSUME NEW a, a = a PROVE TRUE
U == T!2
====
