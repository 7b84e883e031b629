---- MODULE S7 ----
EXTENDS Naturals
THEOREM T == \E y \in {1} : TRUE
<1>1. WITNESS 1 \in {1}
<1>2. TRUE
  BY <1>1!3
<1>. QED
====
