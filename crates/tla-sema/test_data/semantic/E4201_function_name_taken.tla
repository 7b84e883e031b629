---- MODULE E4201_function_name_taken ----
f == TRUE
f[x \in {1}] == x
====
