---- MODULE T_action_name ----
ACTION == 1
====
