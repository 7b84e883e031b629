---- MODULE Counter ----
\* A model whose syntax is fine but whose actions do not all run: Pop fails when it is
\* evaluated (Head of the empty sequence) and Reset is never enabled.
EXTENDS Naturals, Sequences
VARIABLES x, log

Init == x = 0 /\ log = <<>>

Inc == x < 3 /\ x' = x + 1 /\ log' = Append(log, x)

Pop == x > 0 /\ Head(<<>>) = 1 /\ x' = x - 1 /\ log' = Tail(log)

Reset == x = 99 /\ x' = 0 /\ UNCHANGED log

Next == Inc \/ Pop \/ Reset
====
