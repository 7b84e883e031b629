---- MODULE Spec ----
\* Invariants, a constraint and action conditions of the shapes that run compiled: calls with
\* arguments, LET, CASE, IF, quantifiers over one and several names, records, sequences, and
\* arguments or disjuncts whose evaluation would fail if it were not skipped.
EXTENDS Naturals, Sequences, FiniteSets
CONSTANT N
VARIABLES x, q, r

Procs == 1 .. N
Positive(a, unused) == a > 0
Half(i) == LET twice == i * 2 IN twice \div 2
Busy(p) == r.kind = "busy" /\ r.n = p

Init == /\ x = [p \in Procs |-> 0]
        /\ q = << >>
        /\ r = [kind |-> "idle", n |-> 0]

Step(p) == /\ x[p] < 2
           /\ Len(q) < 3
           /\ ~Busy(p)
           /\ x' = [x EXCEPT ![p] = @ + 1]
           /\ q' = Append(q, p)
           /\ UNCHANGED r

Take == /\ q # << >>
        /\ LET h == Head(q)
           IN /\ r.kind = "idle" \/ h > N
              /\ Half(h) = h
              /\ q' = Tail(q)
              /\ r' = [kind |-> "busy", n |-> h]
              /\ UNCHANGED x

Reset == /\ r.kind = "busy"
         /\ \A p, s \in Procs : x[p] + x[s] + 1 >= IF p = s THEN 1 ELSE 0
         /\ \E p \in Procs \ {r.n} : x[p] <= x[r.n] \/ p = 1
         /\ r' = [r EXCEPT !.kind = "idle"]
         /\ UNCHANGED << x, q >>

Next == (\E p \in Procs : Step(p)) \/ Take \/ Reset

TypeOK == /\ x \in [Procs -> 0 .. 2]
          /\ q \in Seq(Procs)
          /\ r.kind \in {"idle", "busy"}
          /\ r.n \in 0 .. N
LazyArgument == Positive(Len(q) + 1, 1 \div 0)
ShortCircuit == Len(q) = 0 \/ 10 \div Len(q) >= 1
PairsBounded == \A p, s \in Procs : p = s \/ x[p] + x[s] <= 4
Shape == CASE r.kind = "idle" -> TRUE
           [] r.kind = "busy" -> r.n \in Procs
QueueHasNoLongRuns == \A i \in 1 .. Len(q) : i < Len(q) => q[i] # q[i + 1] \/ q[i] \in Procs
Bound == /\ \A p \in Procs : x[p] <= 2
         /\ Cardinality({p \in Procs : x[p] = 2}) <= N
====
