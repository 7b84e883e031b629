---- MODULE S12 ----
EXTENDS Naturals
THEOREM T == \E y : TRUE
<1>1. PICK y \in {1} : y = 1
  OBVIOUS
<1>2. TRUE
  BY <1>1!2
<1>. QED
====
