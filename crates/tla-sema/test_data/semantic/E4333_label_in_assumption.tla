---- MODULE E4333_label_in_assumption ----
ASSUME fact :: 1 = 1
====
