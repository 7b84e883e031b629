---- MODULE E4335_label_in_except ----
f == [i \in {1} |-> 0]
g == [f EXCEPT ![1] = val :: 2]
====
