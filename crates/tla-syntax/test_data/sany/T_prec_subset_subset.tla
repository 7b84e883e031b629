---- MODULE T_prec_subset_subset ----
Foo == SUBSET SUBSET {1}
====
