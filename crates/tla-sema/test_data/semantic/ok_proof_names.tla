---- MODULE ok_proof_names ----
CONSTANT N
Inv(k) == k \in N
THEOREM Base == \A k \in N : Inv(k)
<1>1. SUFFICES ASSUME NEW k \in N PROVE Inv(k)
  OBVIOUS
<1>2. Inv(k)
  BY <1>1 DEF Inv
<1>3. QED
  BY <1>2, Base
THEOREM Other == ASSUME NEW S, NEW m \in S PROVE m \in S
<1> DEFINE T == S
<1>1. PICK z \in T : z = m
  OBVIOUS
<1>2. CASE z = m
  BY <1>1
<1> QED
  BY <1>1, <1>2 DEF T
USE Base DEF Inv
====
