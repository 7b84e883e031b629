---- MODULE AssumeClash ----
CONSTANT yes
no == TRUE
ASSUME no == ~yes
====
