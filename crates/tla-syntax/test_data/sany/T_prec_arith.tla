---- MODULE T_prec_arith ----
Foo == 1 + 2 * 3 - 4 \div 2 % 3
====
