---- MODULE S14 ----
EXTENDS Naturals
THEOREM T == \A y : TRUE
<1>1. TAKE y \in {1}
<1>2. TRUE
  BY <1>1!2
<1>. QED
====
