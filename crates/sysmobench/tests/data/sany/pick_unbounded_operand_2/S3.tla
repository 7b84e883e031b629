---- MODULE S3 ----
EXTENDS Naturals
THEOREM T == \E y : TRUE
<1>1. PICK y : TRUE
  OBVIOUS
<1>2. TRUE
  BY <1>1!2
<1>. QED
====
