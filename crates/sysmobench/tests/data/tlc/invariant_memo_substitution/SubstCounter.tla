---- MODULE SubstCounter ----
EXTENDS Naturals
VARIABLE v
Small == v < 9
====
