---- MODULE T_prec_dotdot_chain ----
Foo == 1..2..3
====
