---- MODULE Main ----
EXTENDS Naturals
VARIABLES Q1ubtA, oqjwB, rY9z, d, I7uB559j393mft, omhc, pytkv, yX, K, kcg6Yn2nwa19yf, J99, y9f3t, O4z, Jto5, Bbu, M9aw7, SC5hxz7_
Init == Q1ubtA = 0 /\ oqjwB = 0 /\ rY9z = 0 /\ d = 0 /\ I7uB559j393mft = 0 /\ omhc = 0 /\ pytkv = 0 /\ yX = 0 /\ K = 0 /\ kcg6Yn2nwa19yf = 0 /\ J99 = 0 /\ y9f3t = 0 /\ O4z = 0 /\ Jto5 = 0 /\ Bbu = 0 /\ M9aw7 = 0 /\ SC5hxz7_ = 0
Next == UNCHANGED <<Q1ubtA, oqjwB, rY9z, d, I7uB559j393mft, omhc, pytkv, yX, K, kcg6Yn2nwa19yf, J99, y9f3t, O4z, Jto5, Bbu, M9aw7, SC5hxz7_>>
tZAJ_ == Q1ubtA = 1
====
