---- MODULE S5 ----
EXTENDS Naturals
THEOREM T == \A y : TRUE
<1>1. TAKE y
<1>2. TRUE
  BY <1>1!1
<1>. QED
====
