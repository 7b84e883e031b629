---- MODULE V ----
\* The module the validation fixtures are checked against. tests/validate_fixtures.rs describes
\* it to `tla_cfg::validate` as data (SpecNames); keep the two in step.
EXTENDS Naturals
CONSTANTS N, M, F(_)
VARIABLE x
Init == x = 0
Next == x' = x
Spec == Init /\ [][Next]_x
Inv == x >= 0
Inv2(a) == x = a
Bad == x /= 0
ConstTrue == TRUE
ConstFalse == FALSE
ConstNum == 3
Constr == x < 3
ActConstr == x' >= x
View == x
Alias == [y |-> x]
Post == x = 0
PostTrue == TRUE
Sym == {}
Prop == [](x >= 0)
====
