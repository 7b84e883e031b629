---- MODULE X5 ----
EXTENDS Naturals
THEOREM T == ASSUME NEW x PROVE x = x
U == T!1!1
====
