---- MODULE Parts ----
\* Constant parts inside state-level formulas (a set of strings, a function
\* set, a record set, a tuple of literals) next to parts that look alike but
\* depend on a bound name, a LET definition or a variable.
EXTENDS Naturals, Sequences
CONSTANTS Procs, Limit
VARIABLES mode, flags, log

Modes == {"idle", "busy"}

Init == /\ mode = [p \in Procs |-> "idle"]
        /\ flags = [p \in Procs |-> FALSE]
        /\ log = << >>

Step(p) == /\ Len(log) < Limit
           /\ mode' = [mode EXCEPT ![p] = IF @ = "idle" THEN "busy" ELSE "idle"]
           /\ flags' = [flags EXCEPT ![p] = ~@]
           /\ log' = Append(log, [who |-> p, was |-> mode[p]])

Next == \E p \in Procs : Step(p)

TypeOK == /\ mode \in [Procs -> {"idle", "busy"}]
          /\ flags \in [Procs -> BOOLEAN]
          /\ \A i \in DOMAIN log : log[i] \in [who : Procs, was : Modes]
          /\ <<"idle", 1>> \in {<<m, 1>> : m \in Modes}

\* Looks constant, but each part depends on a bound name or a LET definition.
Bound == \A p \in Procs : LET mine == {p} IN <<p, "x">> \in {<<q, "x">> : q \in mine}

\* Violated once some process has been busy twice: the last step's record differs.
NotTwice == Len(log) < 3 \/ log[3] # [who |-> log[1].who, was |-> "idle"]
====
