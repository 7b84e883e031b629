---- MODULE T_infix_operand ----
Foo == 1 + + 2
====
