---- MODULE T_junction_tabs ----
Foo ==
	/\ TRUE
        /\ FALSE
====
