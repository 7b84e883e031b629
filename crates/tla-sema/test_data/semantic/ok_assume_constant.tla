---- MODULE ok_assume_constant ----
CONSTANT N
ASSUME N = N
====
