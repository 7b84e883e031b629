---- MODULE Base ----
LOCAL FfO(p1, p2) == p1
RECURSIVE sJ1_3QQla(_)
sJ1_3QQla(n) == IF n = {} THEN 0 ELSE sJ1_3QQla({})
gCBK == 1
THEOREM L_Vu3zsbJfQr == TRUE
THEOREM XfySJZ_ == TRUE
THEOREM AgKh_gtKL == TRUE
====
