---- MODULE ok_recursive_function ----
f[x \in BOOLEAN] == IF x THEN f[FALSE] ELSE TRUE
====
