---- MODULE E4356_new_with_temporal_bound ----
VARIABLE x
THEOREM ASSUME NEW n \in <>(x = 1) PROVE TRUE
====
