---- MODULE E4004_unknown_label ----
Op == step :: 1 = 1
Use == Op!stop
====
