---- MODULE Pairs ----
\* Two names over one set: `\A a, b \in S`, over an interval and over a set of strings, in a
\* constraint, an invariant and an action; the violation shows which pair TLC tries first.
EXTENDS Naturals, Sequences
VARIABLES grid, steps
Rows == 1..3
Names == {"x", "y"}
Init == /\ grid = [r \in Rows |-> [c \in Rows |-> 0]]
        /\ steps = 0
Next == /\ \E r, c \in Rows :
             /\ grid[r][c] < 2
             /\ grid' = [grid EXCEPT ![r][c] = @ + 1]
        /\ steps' = steps + 1
Bounded == \A r, c \in Rows : grid[r][c] <= 2
Labelled == \A a, b \in Names : a = b \/ steps < 6
Diagonal == \A r, c \in Rows : r = c \/ grid[r][c] + grid[c][r] < 3
====
