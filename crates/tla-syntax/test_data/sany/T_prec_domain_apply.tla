---- MODULE T_prec_domain_apply ----
f == [x \in {1} |-> x]
Foo == DOMAIN f[1]
====
