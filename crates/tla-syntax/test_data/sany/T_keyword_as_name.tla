---- MODULE T_keyword_as_name ----
STATE == 1
====
