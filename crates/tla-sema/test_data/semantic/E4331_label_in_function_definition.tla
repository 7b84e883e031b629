---- MODULE E4331_label_in_function_definition ----
f[n \in {1}] == l :: n
====
