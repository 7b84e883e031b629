---- MODULE T_text_after_end ----
Foo == 1
====
anything ) ( here
