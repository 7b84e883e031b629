---- MODULE E4220_extends_missing_module ----
EXTENDS NoSuchModuleForThisFixture
Spec == TRUE
====
