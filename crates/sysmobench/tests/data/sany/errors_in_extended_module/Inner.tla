---- MODULE Inner ----
A == undefinedthing
====
