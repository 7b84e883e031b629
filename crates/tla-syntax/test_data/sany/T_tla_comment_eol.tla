---- MODULE T_tla_comment_eol ----
Foo == 1 \* comment ====
Bar == 2
====
