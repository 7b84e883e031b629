---- MODULE E4314_action_bound_temporal_body ----
VARIABLE x
Prop == \A s \in {x'} : <>(x = s)
====
