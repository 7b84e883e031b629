---- MODULE T_postfix_def ----
a ^+ == a
Foo == 1^+
====
