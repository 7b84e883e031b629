---- MODULE ok_step_name_selectors ----
CONSTANT S
THEOREM TRUE
<1>1. ASSUME NEW x \in S, x = x PROVE x \in S
  OBVIOUS
<1>a. lab :: (1 = 1) /\ (2 = 2)
  OBVIOUS
<1>2. <1>a!1 /\ <1>a!>> /\ <1>a!lab!<<
  BY <1>a!2, <1>a!lab, <*>a!1!1
<1>3. CASE TRUE /\ TRUE
  <2>1. <1>3!1!2 /\ <1>a!1
  <2>2. QED BY <2>1, <1>3!1
<1>4. HAVE S = S
<1>5. <1>4!1!1 = S
<1>s. SUFFICES c :: (S = S) \/ FALSE
  OBVIOUS
<1> USE <1>a!1, <1>s!c, <1>s!1!<<
<1>6. QED BY <1>a!1, <1>a!2
====
