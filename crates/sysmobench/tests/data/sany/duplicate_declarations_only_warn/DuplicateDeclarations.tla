---- MODULE DuplicateDeclarations ----
CONSTANT N
VARIABLE x
CONSTANT N
VARIABLE x
THEOREM Obvious == TRUE
  PROOF OBVIOUS
ASSUME Fact == TRUE
THEOREM Obvious == TRUE
ASSUME Fact == N = N
Use == <<N, x>>
====
