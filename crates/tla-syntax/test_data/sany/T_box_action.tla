---- MODULE T_box_action ----
VARIABLE x
Next == x' = x
Foo == [][Next]_x /\ [][Next]_<<x>>
====
