---- MODULE ok_levels ----
VARIABLE x
vars == <<x>>
Next == x' = x
Spec == x = x /\ [][Next]_vars /\ WF_vars(Next)
Prop == [](x = x) /\ <>(x = x) /\ ((x = x) ~> (x = x))
Step == ENABLED Next /\ UNCHANGED x
====
