---- MODULE E4005_label_of_clause_in_declaration_scope ----
CONSTANT S
THEOREM T == ASSUME NEW x \in S, l :: x = x PROVE TRUE
U == T!l
====
