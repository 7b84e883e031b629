---- MODULE Pair ----
CONSTANT Left
VARIABLE cnt
Inner == INSTANCE Counter WITH Limit <- Left, Pred <- LAMBDA v : v # Left, count <- cnt
Both == Inner!CInit
====
