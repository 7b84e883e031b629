---- MODULE T_pluscal_comment ----
(* --algorithm a
variables x = 0;
begin x := 1;
end algorithm; *)
Foo == 1
====
