---- MODULE T_unterminated_comment ----
Foo == 1 (* open
====
