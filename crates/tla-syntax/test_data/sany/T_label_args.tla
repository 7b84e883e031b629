---- MODULE T_label_args ----
Foo == \A p \in {1} : lab(p) :: p = p
====
