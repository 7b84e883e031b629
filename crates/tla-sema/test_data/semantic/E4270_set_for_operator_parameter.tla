---- MODULE E4270_set_for_operator_parameter ----
Map(F(_), S) == {F(e) : e \in S}
Bad == Map({1, 2}, {3})
====
