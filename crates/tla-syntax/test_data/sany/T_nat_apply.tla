---- MODULE T_nat_apply ----
EXTENDS Naturals
Foo == Nat(1)
====
