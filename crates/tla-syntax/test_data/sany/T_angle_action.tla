---- MODULE T_angle_action ----
VARIABLE x
Next == x' = x
Foo == <><<Next>>_x
====
