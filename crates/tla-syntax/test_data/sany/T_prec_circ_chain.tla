---- MODULE T_prec_circ_chain ----
Foo == <<1>> \o <<2>> \o <<3>>
====
