---- MODULE T_step_name_selectors ----
CONSTANT S
THEOREM TRUE
<1>1. ASSUME NEW x \in S, l :: x = x PROVE x \in S
  OBVIOUS
<1>a. (1 = 1) /\ (\A y \in S : y = y)
  OBVIOUS
<1>2. <1>a!1 /\ <1>a ! 2 /\ <1>a!<< = <1>a!>>
  BY <1>a!1, <1>a!:, <*>a!2!(1), <1>a!2!1
<1>3. QED BY <1>a!1!<<
====
