---- MODULE ok_recursive_section_with_definitions ----
RECURSIVE Even(_), Odd(_)
Even(n) == IF n = 0 THEN TRUE ELSE Odd(n)
Helper == 1
Odd(n) == IF n = 0 THEN FALSE ELSE Even(n)
VARIABLE v
====
