---- MODULE Main ----
EXTENDS Naturals
CONSTANT Limit
VARIABLE count, other
Pred(v) == v > 0
C == INSTANCE Counter
D == INSTANCE Counter WITH count <- other, Limit <- 2 * Limit
P(l) == INSTANCE Counter WITH Limit <- l, count <- other
INSTANCE Counter WITH Pred <- LAMBDA v : TRUE
LOCAL Q == INSTANCE Pair WITH Left <- 3, cnt <- count
---- MODULE Nested ----
VARIABLE z
Shift == z' = z + Limit
====
N == INSTANCE Nested WITH z <- other
Uses == << C!CInit, D!CNext, P(5)!CNext, P(Limit + 1)!Bounded(4), CInit, Q!Both, N!Shift,
           \A j \in 1 .. 2 : P(j)!Bounded(j) >>
Apply(F(_)) == F(1)
LetInst(a) == \A b \in {a} : LET K == INSTANCE Counter WITH Limit <- a + b, count <- other
                               IN K!Bounded(b) /\ K!CNext
Refs == << Apply(C!Bounded), P(7)!SelfRef >>
====
