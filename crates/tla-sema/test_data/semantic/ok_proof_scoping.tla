---- MODULE ok_proof_scoping ----
CONSTANTS S, a, b, c
THEOREM T == ASSUME NEW y \in S, y = y PROVE TRUE
<1>1. T!2 OBVIOUS
<1>2. SUFFICES ASSUME NEW x \in S PROVE x = x
  OBVIOUS
<1>3. x = x BY <1>2
<1>4. PICK z \in S : z = z
  OBVIOUS
<1>5. z = z
<1> DEFINE D == 1
<1>6. D = 1 BY DEF D
<1>7. QED BY <1>1, <1>3, <1>5, MODULE ok_proof_scoping DEF D
THEOREM a = c
<1>1. a = b
<1>2. @ = c
<1>3. QED BY <1>1, <1>2
THEOREM \A w \in S : TRUE
<1>1. TAKE w \in S
<1>2. w = w
<1>3. QED
THEOREM TRUE
<1>1. DEFINE E == 2
<1>2. QED BY DEF <1>1, E
====
