---- MODULE Main ----
EXTENDS Inner
B == 1
====
