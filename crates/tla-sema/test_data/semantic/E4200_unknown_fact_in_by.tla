---- MODULE E4200_unknown_fact_in_by ----
THEOREM TRUE
BY Missing
====
