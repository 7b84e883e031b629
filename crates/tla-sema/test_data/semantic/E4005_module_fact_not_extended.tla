---- MODULE E4005_module_fact_not_extended ----
THEOREM TRUE BY MODULE Naturals
====
