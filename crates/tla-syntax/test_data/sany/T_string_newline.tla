---- MODULE T_string_newline ----
Foo == "ab
cd"
====
