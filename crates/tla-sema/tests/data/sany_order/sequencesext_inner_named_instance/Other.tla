---- MODULE Other ----
dhOtZ2MxZ7wp == 3
LOCAL QVux6c == 2
====
