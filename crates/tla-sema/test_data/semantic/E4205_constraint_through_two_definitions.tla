---- MODULE E4205_constraint_through_two_definitions ----
VARIABLE x
After(e) == e'
Later(f) == After(f) /\ TRUE
Bad == Later(x')
====
